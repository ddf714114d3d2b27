import type { Bridge, Progress, ToolError } from '@mcp-lsp-bridge/bridge';
import type { ExitCode } from './exit-codes.js';
import type { Formatter } from './format/formatter.js';

export interface OptionSpec {
  readonly type: 'boolean' | 'string';
  readonly short?: string;
  /** How `--help` names the value of a string option: `--limit <n>`. */
  readonly valueName?: string;
  readonly description: string;
}

export interface ArgumentSpec {
  /** As `--help` shows it: `<file>:<line>:<col>`, `[file]`. */
  readonly name: string;
  readonly description: string;
  readonly optional?: boolean;
}

export interface Example {
  readonly command: string;
  readonly description: string;
}

/** The command line after the command name, options parsed. */
export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
}

export interface InputContext {
  /** Where relative paths on the command line start. */
  readonly cwd: string;
  /** The workspace root of the call (`--root`, or the nearest project marker). */
  readonly root: string;
}

export interface RunContext {
  /** Aborted by Ctrl-C. */
  readonly signal: AbortSignal;
  /** Draws the progress bar (on a terminal only). */
  readonly onProgress: (progress: Progress) => void;
}

export type CommandOutcome = { readonly success: true } | ToolError;

/**
 * One subcommand: everything `--help` shows, how its arguments become the use-case input,
 * the call, and the human rendering. The MCP tool it mirrors answers the same input with
 * the same result object, which `--json` prints as is.
 */
export interface CommandDefinition {
  readonly name: string;
  readonly aliases: readonly string[];
  /** The MCP tool with the same input and result. */
  readonly tool: string;
  readonly summary: string;
  readonly description: string;
  readonly arguments: readonly ArgumentSpec[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly examples: readonly Example[];
  /** The use-case input; throws `UsageError` for arguments it cannot use. */
  input(args: ParsedArgs, context: InputContext): unknown;
  run(bridge: Bridge, input: unknown, context: RunContext): Promise<CommandOutcome>;
  /** The lines printed on stdout for a successful result. */
  format(result: CommandOutcome & { readonly success: true }, formatter: Formatter): string[];
  exitCode(result: CommandOutcome & { readonly success: true }): ExitCode;
}

/** Keeps each command's own input and result types while erasing them for the registry. */
export function defineCommand<Input, Result extends { readonly success: true }>(command: {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly tool: string;
  readonly summary: string;
  readonly description: string;
  readonly arguments: readonly ArgumentSpec[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly examples: readonly Example[];
  input(args: ParsedArgs, context: InputContext): Input;
  run(bridge: Bridge, input: Input, context: RunContext): Promise<Result | ToolError>;
  format(result: Result, formatter: Formatter): string[];
  exitCode(result: Result): ExitCode;
}): CommandDefinition {
  return command;
}
