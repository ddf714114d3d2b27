/** The exit status of `lsp-bridge`, as documented in `--help` and the README. */
export const ExitCode = {
  /** The command worked. */
  OK: 0,
  /** The command worked and found errors (diagnostics of severity error; for replace, ones the edit introduced; for doctor, a language without a server). */
  FOUND_ERRORS: 1,
  /** The command line was wrong: unknown command or option, malformed file:line:col, bad setting. */
  USAGE: 2,
  /** The tool answered with an error (its code and resolution are printed on stderr). */
  TOOL_ERROR: 3,
  /** Interrupted with Ctrl-C (128 + SIGINT), as shells report it. */
  INTERRUPTED: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export const EXIT_CODE_HELP: readonly (readonly [ExitCode, string])[] = [
  [ExitCode.OK, 'success'],
  [ExitCode.FOUND_ERRORS, 'found errors (diag, replace), or a language without a server (doctor)'],
  [ExitCode.USAGE, 'usage error (unknown command or option, malformed argument, unknown backend)'],
  [ExitCode.TOOL_ERROR, 'tool error: the error code and its resolution are printed on stderr'],
  [ExitCode.INTERRUPTED, 'interrupted by Ctrl-C'],
];
