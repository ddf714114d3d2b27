import type { ArgumentSpec, Example, OptionSpec, ParsedArgs } from '../command-definition.js';
import type { ExitCode } from '../exit-codes.js';
import type { Styles } from '../format/style.js';
import type { CliIo } from '../io.js';

export type { Styles } from '../format/style.js';

/**
 * A command about the bridge itself rather than an operation on code (`doctor`, `init`):
 * the same help as an operation's command, and its own run.
 */
export interface MetaCommand {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly summary: string;
  readonly description: string;
  readonly arguments: readonly ArgumentSpec[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly examples: readonly Example[];
  /** The last paragraph of its help: where else the same is found. */
  readonly seeAlso: string;
  run(args: ParsedArgs, io: CliIo, styles: Styles): ExitCode | Promise<ExitCode>;
}
