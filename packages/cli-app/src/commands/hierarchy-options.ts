import type { InputBound, PositionInput } from '@mcp-lsp-bridge/domain/front';
import { flag, integerOption, stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import type { InputContext, OptionSpec, ParsedArgs } from '../command-definition.js';
import { ADDRESS_OPTIONS, addressInput } from './address-argument.js';

/** A hierarchy command (calls, types): a symbol, the direction to follow, and how many levels. */
export interface HierarchyCommand<Direction extends string> {
  readonly name: string;
  /** The values of --direction. */
  readonly directions: readonly Direction[];
  /** The directions that have a flag of their own (`--incoming` for `--direction incoming`). */
  readonly flags: readonly Direction[];
  readonly fallback: Direction;
  readonly directionHelp: string;
  readonly depth: InputBound;
  /** What --depth counts: `Levels of calls to follow`. */
  readonly depthHelp: string;
}

export function hierarchyOptions(command: HierarchyCommand<string>): Readonly<Record<string, OptionSpec>> {
  return {
    ...ADDRESS_OPTIONS,
    direction: { type: 'string', valueName: 'dir', description: command.directionHelp },
    ...Object.fromEntries(command.flags.map((name) => [name, { type: 'boolean', description: `The same as --direction ${name}.` }])),
    depth: {
      type: 'string',
      valueName: 'n',
      description: `${command.depthHelp}, 1 to ${command.depth.max} (default ${command.depth.default}).`,
    },
  };
}

export function hierarchyInput<Direction extends string>(
  command: HierarchyCommand<Direction>,
  args: ParsedArgs,
  context: InputContext,
): PositionInput & { readonly direction: Direction; readonly depth?: number } {
  const depth = integerOption(args, 'depth', command.name, command.depth);
  const { address } = addressInput(args, context, command.name);
  return { ...address, direction: directionOf(command, args), ...(depth === undefined ? {} : { depth }) };
}

/** --direction or one of its flags, at most one of them; the command's fallback when none is given. */
function directionOf<Direction extends string>(command: HierarchyCommand<Direction>, args: ParsedArgs): Direction {
  const name = stringOption(args, 'direction');
  const named = command.directions.find((direction) => direction === name);
  const choices = `${command.directions.slice(0, -1).join(', ')} or ${command.directions.at(-1) ?? ''}`;
  if (name !== undefined && named === undefined) throw new UsageError(`--direction takes ${choices}, got "${name}"`, command.name);
  const given = new Set([...(named === undefined ? [] : [named]), ...command.flags.filter((direction) => flag(args, direction))]);
  if (given.size > 1) throw new UsageError(`give one direction: ${choices}`, command.name);
  return [...given][0] ?? command.fallback;
}
