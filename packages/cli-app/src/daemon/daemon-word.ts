/** The word of `lsp-bridge daemon …`; the rest of the command loads only when it is given. */
export const DAEMON_WORD = 'daemon';

/** Whether the command line is `lsp-bridge daemon …`: the first word that is no option's value. */
export function isDaemonCommand(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--root' || arg === '--backend') i++;
    else if (!arg.startsWith('-')) return arg === DAEMON_WORD;
  }
  return false;
}
