import { INPUT_BOUNDS, MAX_TYPES, TYPE_HIERARCHY, type TypeDirection, type TypeHierarchyInput } from '@mcp-lsp-bridge/domain/front';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { addressArgument } from './address-argument.js';
import { hierarchyInput, hierarchyOptions, type HierarchyCommand } from './hierarchy-options.js';

const TYPES: HierarchyCommand<TypeDirection> = {
  name: 'types',
  directions: ['supertypes', 'subtypes', 'both'],
  flags: ['supertypes', 'subtypes'],
  fallback: 'both',
  directionHelp: 'supertypes, subtypes or both (the default).',
  depth: INPUT_BOUNDS.typeDepth,
  depthHelp: 'Levels to follow in each direction',
};

export const command = defineCommand({
  name: TYPES.name,
  aliases: ['type-hierarchy', TYPE_HIERARCHY],
  tool: TYPE_HIERARCHY,
  summary: 'Show what a type extends and implements, and what extends or implements it',
  description:
    'Shows the supertypes of a class, interface, struct or type (what it extends or implements) and its subtypes (what ' +
    'extends or implements it, across files and packages) as trees, each with its node id. --depth follows them further ' +
    `(up to ${INPUT_BOUNDS.typeDepth.max} levels, ${MAX_TYPES} types in all). A symbol that is not a type is refused.`,
  arguments: [addressArgument],
  options: hierarchyOptions(TYPES),
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
  input: (args, context): TypeHierarchyInput => hierarchyInput(TYPES, args, context),
  loadFormat: async () => (await import('../format/types.format.js')).formatTypes,
  exitCode: () => ExitCode.OK,
});
