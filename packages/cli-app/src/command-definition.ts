import type { ToolError } from '@mcp-lsp-bridge/bridge/front';
import type { InputOf, OperationName, ResultOf } from '@mcp-lsp-bridge/domain/front';
import type { ExitCode } from './exit-codes.js';
import type { Formatter } from './format/formatter.js';
import type { InputStream } from './io.js';

export interface OptionSpec {
  readonly type: 'boolean' | 'string';
  readonly short?: string;
  /** The option may be given more than once; its value is then the list of values. */
  readonly multiple?: boolean;
  /** How `--help` names the value of a string option: `--limit <n>`. */
  readonly valueName?: string;
  readonly description: string;
}

export interface ArgumentSpec {
  /** As `--help` shows it: `<file>:<line>:<col>`, `[file]`. */
  readonly name: string;
  readonly description: string;
  readonly optional?: boolean;
  /** An option that may take the argument's place (`--node-id` for `<address>`). */
  readonly omittedWith?: string;
}

export interface Example {
  readonly command: string;
  readonly description: string;
}

/** The command line after the command name, options parsed. */
export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly values: Readonly<Record<string, string | boolean | readonly string[] | undefined>>;
}

export interface InputContext {
  /** Where relative paths on the command line start. */
  readonly cwd: string;
  /** The workspace root of the call (`--root`, or the nearest project marker). */
  readonly root: string;
  /** Absent when the process has none (in-process runs). */
  readonly stdin?: InputStream | undefined;
}

/** The lines a command prints on stdout for a successful result. */
export type FormatResult<Result> = (result: Result, formatter: Formatter) => string[];

export type CommandOutcome = { readonly success: true } | ToolError;

/**
 * One subcommand: everything `--help` shows, how its arguments become the use-case input,
 * the call, and the human rendering. The MCP tool it mirrors answers the same input with
 * the same result object, which `--json` prints as is.
 */
export interface CommandDefinition {
  readonly name: string;
  readonly aliases: readonly string[];
  /** The operation it runs: the MCP tool with the same input and result. */
  readonly tool: OperationName;
  readonly summary: string;
  readonly description: string;
  readonly arguments: readonly ArgumentSpec[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly examples: readonly Example[];
  /** The use-case input; throws (or rejects with) `UsageError` for arguments it cannot use. */
  input(args: ParsedArgs, context: InputContext): unknown;
  /**
   * The lines printed on stdout for a successful result. The formatter loads with the first
   * result it prints: parsing a command line needs every command, running it only its own.
   */
  format(result: CommandOutcome & { readonly success: true }, formatter: Formatter): Promise<string[]>;
  exitCode(result: CommandOutcome & { readonly success: true }): ExitCode;
}

/** Keeps each command's own input and result types while erasing them for the registry. */
export function defineCommand<const Tool extends OperationName>(command: {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly tool: Tool;
  readonly summary: string;
  readonly description: string;
  readonly arguments: readonly ArgumentSpec[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly examples: readonly Example[];
  input(args: ParsedArgs, context: InputContext): InputOf<Tool> | Promise<InputOf<Tool>>;
  /** Imports the formatter of its results: `async () => (await import('../format/….format.js')).formatX`. */
  readonly loadFormat: () => Promise<FormatResult<ResultOf<Tool>>>;
  exitCode(result: ResultOf<Tool>): ExitCode;
}): CommandDefinition {
  const { loadFormat, ...described } = command;
  return { ...described, format: async (result, formatter) => (await loadFormat())(result as ResultOf<Tool>, formatter) };
}
