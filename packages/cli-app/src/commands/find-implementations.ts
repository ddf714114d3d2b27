import { FIND_IMPLEMENTATIONS, type FindImplementationsInput, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { flag, integerOption } from '../args/option-values.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'impl';

export const command = defineCommand({
  name: NAME,
  aliases: ['implementations', 'find-implementations', FIND_IMPLEMENTATIONS],
  tool: FIND_IMPLEMENTATIONS,
  summary: 'List what implements an interface or method',
  description:
    'Lists what implements the symbol: the classes that implement an interface or extend an abstract class, and the ' +
    'members that implement or override a method or property, as the type checker sees them (not text matches). ' +
    'Ordered by path, line and column, each with its node id.',
  arguments: [addressArgument],
  options: {
    ...ADDRESS_OPTIONS,
    'include-node-modules': { type: 'boolean', description: 'Also list implementations inside node_modules (shown with absolute paths).' },
    limit: {
      type: 'string',
      valueName: 'n',
      description: `List at most n implementations (default ${INPUT_BOUNDS.implementationLimit.default}); the summary still counts all of them.`,
    },
  },
  examples: [
    { command: 'lsp-bridge impl src/shapes.ts --symbol Shape', description: 'the classes that implement the interface Shape' },
    { command: 'lsp-bridge impl method:src/shapes.ts:Shape.area', description: 'every method that implements Shape.area' },
    { command: 'lsp-bridge impl src/shapes.ts:3:18 --limit 10', description: 'the first ten, for the symbol at line 3, column 18' },
  ],
  input(args, context): FindImplementationsInput {
    const limit = integerOption(args, 'limit', NAME, INPUT_BOUNDS.implementationLimit);
    return {
      ...addressInput(args, context, NAME).address,
      ...(flag(args, 'include-node-modules') ? { includeNodeModules: true } : {}),
      ...(limit === undefined ? {} : { limit }),
    };
  },
  loadFormat: async () => (await import('../format/implementations.format.js')).formatImplementations,
  exitCode: () => ExitCode.OK,
});
