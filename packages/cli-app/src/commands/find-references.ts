import { FIND_REFERENCES, type FindReferencesInput, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { flag, integerOption } from '../args/option-values.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'refs';

export const command = defineCommand({
  name: NAME,
  aliases: ['references', 'find-references', FIND_REFERENCES],
  tool: FIND_REFERENCES,
  summary: 'List every reference to a symbol',
  description:
    "Lists every reference to a symbol as the compiler (or the file's language server) sees it: through imports, " +
    're-exports and aliases, never other symbols of the same name nor the name in plain comment or string text ' +
    '(a JSDoc {@link} is a reference). Declarations come first, then usages by path, line and column; the summary ' +
    'counts every reference and the files they are in, whatever --limit lists.',
  arguments: [addressArgument],
  options: {
    ...ADDRESS_OPTIONS,
    'include-node-modules': { type: 'boolean', description: 'Also list references inside node_modules (shown with absolute paths).' },
    limit: {
      type: 'string',
      valueName: 'n',
      description: `List at most n references (default ${INPUT_BOUNDS.referenceLimit.default}); the summary still counts all of them.`,
    },
  },
  examples: [
    { command: 'lsp-bridge refs src/config.ts:7:17', description: 'every reference to the symbol at line 7, column 17' },
    { command: 'lsp-bridge refs src/config.ts:7:17 --limit 20 --include-node-modules', description: 'the first 20, dependencies included' },
    { command: 'lsp-bridge refs src/config.ts --symbol parseConfig', description: 'the same symbol by name' },
    { command: 'lsp-bridge refs method:src/calc.ts:Calculator.add', description: 'a method by the node id outline and search print' },
    {
      command: "lsp-bridge refs src/config.ts:7:17 --json | jq -r '.references[].filePath' | sort -u",
      description: 'the files that use it',
    },
  ],
  input(args, context): FindReferencesInput {
    const limit = integerOption(args, 'limit', NAME, INPUT_BOUNDS.referenceLimit);
    return {
      ...addressInput(args, context, NAME).address,
      ...(flag(args, 'include-node-modules') ? { includeNodeModules: true } : {}),
      ...(limit === undefined ? {} : { limit }),
    };
  },
  loadFormat: async () => (await import('../format/references.format.js')).formatReferences,
  exitCode: () => ExitCode.OK,
});
