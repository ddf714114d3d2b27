import { RENAME_SYMBOL, type RenameSymbolInput } from '@mcp-lsp-bridge/domain/front';
import { flag } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'rename';

export const command = defineCommand({
  name: NAME,
  aliases: ['rename-symbol', RENAME_SYMBOL],
  tool: RENAME_SYMBOL,
  summary: 'Rename a symbol everywhere, writing the files',
  description:
    'Renames a symbol everywhere it is used under the root and WRITES the changed files (all or none). ' +
    'Uses the type checker, so unrelated symbols of the same name, comments and strings are left alone. Refuses a name ' +
    'that is not a valid identifier or that would clash with another symbol in scope (RENAME_CONFLICT), and symbols ' +
    'declared in node_modules or the standard library.',
  arguments: [
    addressArgument,
    {
      name: '<newName>',
      description:
        "The new name: a name of the file's language (a JavaScript identifier for TypeScript and JavaScript), not a reserved word.",
    },
  ],
  options: {
    ...ADDRESS_OPTIONS,
    'dry-run': { type: 'boolean', description: 'Check the rename and print its changes without writing them.' },
  },
  examples: [
    { command: 'lsp-bridge rename src/config.ts:7:17 loadConfig --dry-run', description: 'see what the rename would change' },
    { command: 'lsp-bridge rename src/config.ts:7:17 loadConfig', description: 'rename the function declared at line 7, column 17' },
    { command: 'lsp-bridge rename src/calc.ts --symbol Calculator.add sum', description: 'rename the method add of class Calculator' },
    { command: 'lsp-bridge rename --node-id method:src/calc.ts:Calculator.add sum', description: 'the same, by node id' },
    {
      command: 'lsp-bridge rename src/config.ts:7:17 loadConfig && lsp-bridge diag',
      description: 'rename, then check that the project still compiles',
    },
  ],
  input(args, context): RenameSymbolInput {
    const { address, rest } = addressInput(args, context, NAME, 1);
    const newName = rest[0];
    if (newName === undefined || newName === '') throw new UsageError('missing <newName>', NAME);
    return { ...address, newName, ...(flag(args, 'dry-run') ? { dryRun: true } : {}) };
  },
  loadFormat: async () => (await import('../format/rename.format.js')).formatRename,
  exitCode: () => ExitCode.OK,
});
