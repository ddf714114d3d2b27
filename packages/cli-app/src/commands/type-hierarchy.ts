import { INPUT_BOUNDS, MAX_TYPES, type TypeDirection, type TypeHierarchyInput } from '@mcp-lsp-bridge/domain';
import { flag, integerOption, stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand, type ParsedArgs } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { formatTypes } from '../format/types.format.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'types';

export const typeHierarchyCommand = defineCommand({
  name: NAME,
  aliases: ['type-hierarchy', 'type_hierarchy'],
  tool: 'type_hierarchy',
  summary: 'Show what a type extends and implements, and what extends or implements it',
  description:
    'Shows the supertypes of a class, interface, struct or type (what it extends or implements) and its subtypes (what ' +
    'extends or implements it, across files and packages) as trees, each with its node id. --depth follows them further ' +
    `(up to ${INPUT_BOUNDS.typeDepth.max} levels, ${MAX_TYPES} types in all). A symbol that is not a type is refused.`,
  arguments: [addressArgument],
  options: {
    ...ADDRESS_OPTIONS,
    direction: { type: 'string', valueName: 'dir', description: 'supertypes, subtypes or both (the default).' },
    supertypes: { type: 'boolean', description: 'The same as --direction supertypes.' },
    subtypes: { type: 'boolean', description: 'The same as --direction subtypes.' },
    depth: {
      type: 'string',
      valueName: 'n',
      description: `Levels to follow in each direction, 1 to ${INPUT_BOUNDS.typeDepth.max} (default ${INPUT_BOUNDS.typeDepth.default}).`,
    },
  },
  examples: [
    { command: 'lsp-bridge types src/shapes.ts --symbol Shape', description: 'what Shape extends, and what extends or implements it' },
    {
      command: 'lsp-bridge types class:src/square.ts:Square --supertypes --depth 3',
      description: 'the ancestors of Square, three levels up',
    },
    {
      command: "lsp-bridge types src/shapes.ts:2:18 --subtypes --json | jq -r '.subtypes[].nodeId'",
      description: 'the subtypes as node ids',
    },
  ],
  input(args, context): TypeHierarchyInput {
    const depth = integerOption(args, 'depth', NAME, INPUT_BOUNDS.typeDepth);
    return { ...addressInput(args, context, NAME).address, direction: directionOf(args), ...(depth === undefined ? {} : { depth }) };
  },
  format: formatTypes,
  exitCode: () => ExitCode.OK,
});

const DIRECTIONS: readonly TypeDirection[] = ['supertypes', 'subtypes', 'both'];

function directionOf(args: ParsedArgs): TypeDirection {
  const name = stringOption(args, 'direction');
  const named = DIRECTIONS.find((direction) => direction === name);
  if (name !== undefined && named === undefined)
    throw new UsageError(`--direction takes supertypes, subtypes or both, got "${name}"`, NAME);
  const given = new Set<TypeDirection>([
    ...(named === undefined ? [] : [named]),
    ...(flag(args, 'supertypes') ? (['supertypes'] as const) : []),
    ...(flag(args, 'subtypes') ? (['subtypes'] as const) : []),
  ]);
  if (given.size > 1) throw new UsageError('give one direction: supertypes, subtypes or both', NAME);
  return [...given][0] ?? 'both';
}
