import { parseArgs } from 'node:util';
import type { ArgumentSpec, CommandDefinition, OptionSpec, ParsedArgs } from '../command-definition.js';
import { META_COMMANDS } from '../meta/index.js';
import type { MetaCommand } from '../meta/meta-command.js';
import { GLOBAL_OPTIONS } from './global-options.js';
import { UsageError } from './usage-error.js';

export type CommandLine =
  | { readonly kind: 'help'; readonly command?: CommandDefinition | MetaCommand | undefined }
  | { readonly kind: 'version' }
  | { readonly kind: 'run'; readonly command: CommandDefinition; readonly args: ParsedArgs }
  | { readonly kind: 'meta'; readonly command: MetaCommand; readonly args: ParsedArgs };

/** What parsing needs of a command, operation or meta: its name, options and arguments. */
type Parsed = Pick<CommandDefinition, 'name' | 'options' | 'arguments'>;

type ParseArgsOptions = Record<string, { type: 'boolean' | 'string'; short?: string; multiple?: boolean }>;

/**
 * `lsp-bridge [options] <command> [arguments] [options]`: the command is the first
 * positional argument; options may come before or after it. Throws `UsageError`.
 */
export function parseCommandLine(
  argv: readonly string[],
  commands: readonly CommandDefinition[],
  meta: readonly MetaCommand[] = META_COMMANDS,
): CommandLine {
  // A lenient first pass, knowing every option's type, only to find the command word.
  const every = Object.assign({}, GLOBAL_OPTIONS, ...[...commands, ...meta].map((c) => c.options)) as Record<string, OptionSpec>;
  const { tokens } = parseArgs({ args: [...argv], options: parseArgsOptions(every), strict: false, allowPositionals: true, tokens: true });
  const word = tokens.find((token) => token.kind === 'positional');
  const saw = (name: string): boolean => tokens.some((token) => token.kind === 'option' && token.name === name);
  if (word === undefined) {
    if (saw('version')) return { kind: 'version' };
    if (argv.length === 0 || saw('help')) return { kind: 'help' };
    throw new UsageError('missing command');
  }
  const rest = argv.filter((_, index) => index !== word.index);
  if (word.value === 'help') {
    const topic = rest.find((arg) => !arg.startsWith('-'));
    return { kind: 'help', command: topic === undefined ? undefined : (findMeta(meta, topic) ?? findCommand(commands, topic, meta)) };
  }
  const metaCommand = findMeta(meta, word.value);
  if (metaCommand !== undefined) {
    const args = strictParse(rest, metaCommand);
    if (args.values['help'] === true) return { kind: 'help', command: metaCommand };
    checkArity(args, metaCommand);
    return { kind: 'meta', command: metaCommand, args };
  }
  const command = findCommand(commands, word.value, meta);
  const args = strictParse(rest, command);
  if (args.values['help'] === true) return { kind: 'help', command };
  checkArity(args, command);
  return { kind: 'run', command, args };
}

export function findCommand(commands: readonly CommandDefinition[], name: string, meta: readonly MetaCommand[] = []): CommandDefinition {
  const found = commands.find((c) => c.name === name || c.aliases.includes(name));
  if (found === undefined) {
    throw new UsageError(`unknown command "${name}"; the commands are ${[...commands, ...meta].map((c) => c.name).join(', ')}`);
  }
  return found;
}

function findMeta(meta: readonly MetaCommand[], name: string): MetaCommand | undefined {
  return meta.find((c) => c.name === name || c.aliases.includes(name));
}

function strictParse(argv: readonly string[], command: Parsed): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: parseArgsOptions({ ...GLOBAL_OPTIONS, ...command.options }),
      strict: true,
      allowPositionals: true,
    });
    // Only string options are `multiple`, so their lists hold strings.
    const entries = Object.entries(values).map(([name, value]) => [name, typeof value === 'object' ? value.map(String) : value] as const);
    return { positionals, values: Object.fromEntries(entries) };
  } catch (error) {
    // Node's messages are long; the first sentence names the problem.
    const message = error instanceof Error ? (error.message.split(/\.\s/)[0] ?? error.message) : String(error);
    throw new UsageError(message.replace(/\.$/, ''), command.name);
  }
}

function checkArity(args: ParsedArgs, command: Parsed): void {
  const replaced = (a: ArgumentSpec): boolean => a.omittedWith !== undefined && args.values[a.omittedWith] !== undefined;
  const required = command.arguments.filter((a) => a.optional !== true && !replaced(a));
  const missing = required[args.positionals.length];
  if (missing !== undefined) throw new UsageError(`missing ${missing.name}`, command.name);
  const extra = args.positionals[command.arguments.length];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`, command.name);
}

function parseArgsOptions(specs: Readonly<Record<string, OptionSpec>>): ParseArgsOptions {
  const options: ParseArgsOptions = {};
  for (const [name, spec] of Object.entries(specs)) {
    options[name] = {
      type: spec.type,
      ...(spec.short === undefined ? {} : { short: spec.short }),
      ...(spec.multiple === true ? { multiple: true } : {}),
    };
  }
  return options;
}
