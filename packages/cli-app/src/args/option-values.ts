import { isSymbolKind, SYMBOL_KINDS } from '@mcp-lsp-bridge/domain/front';
import type { OptionSpec, ParsedArgs } from '../command-definition.js';
import { UsageError } from './usage-error.js';

export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Every value of a repeatable option, comma-separated lists split: `--kind class,method --kind function`. */
export function listOption(args: ParsedArgs, name: string): string[] {
  const value = args.values[name];
  const given = typeof value === 'string' ? [value] : typeof value === 'object' ? value : [];
  return given
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** `--kind`, repeatable: `what` says which symbols it keeps, and the help lists the kinds. */
export function kindOption(what: string): OptionSpec {
  return { type: 'string', multiple: true, valueName: 'k', description: `${what} The kinds: ${SYMBOL_KINDS.join(', ')}.` };
}

/** The kinds `--kind` names, each once; a usage error for one that is not a symbol kind. */
export function kindsOption(args: ParsedArgs, command: string): string[] {
  const kinds = listOption(args, 'kind');
  const unknown = kinds.find((kind) => !isSymbolKind(kind));
  if (unknown !== undefined) throw new UsageError(`unknown kind "${unknown}"; the kinds are ${SYMBOL_KINDS.join(', ')}`, command);
  return [...new Set(kinds)];
}

/** An integer option within [min, max], or undefined when absent. */
export function integerOption(args: ParsedArgs, name: string, command: string, range: { min: number; max: number }): number | undefined {
  const raw = stringOption(args, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw new UsageError(`--${name} takes an integer from ${range.min} to ${range.max}, got "${raw}"`, command);
  }
  return value;
}
