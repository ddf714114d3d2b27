import { SAFE_DELETE, type SafeDeleteInput } from '@mcp-lsp-bridge/domain/front';
import { flag } from '../args/option-values.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'delete';

export const command = defineCommand({
  name: NAME,
  aliases: ['safe-delete', SAFE_DELETE],
  tool: SAFE_DELETE,
  summary: 'Delete a symbol nothing uses, writing the file',
  description:
    'Deletes a symbol that nothing uses: its declarations with their doc comments, and the imports only it used, and ' +
    'WRITES the file, once it still parses and no file of the project gains an error. Refuses, writing nothing, a symbol ' +
    'still used (SYMBOL_IN_USE, listing the uses) and a deletion that would break the build (INVALID_REPLACEMENT).',
  arguments: [addressArgument],
  options: {
    ...ADDRESS_OPTIONS,
    'dry-run': { type: 'boolean', description: 'Check the deletion and print what it would remove, without writing.' },
  },
  examples: [
    { command: 'lsp-bridge delete src/util.ts --symbol oldHelper --dry-run', description: 'see what deleting oldHelper would remove' },
    { command: 'lsp-bridge delete src/util.ts:12:17', description: 'delete the function declared at line 12, column 17' },
    { command: 'lsp-bridge delete --node-id method:src/calc.ts:Calculator.unused', description: 'a method, by node id' },
  ],
  input(args, context): SafeDeleteInput {
    const { address } = addressInput(args, context, NAME);
    return { ...address, ...(flag(args, 'dry-run') ? { dryRun: true } : {}) };
  },
  loadFormat: async () => (await import('../format/safe-delete.format.js')).formatSafeDelete,
  exitCode: () => ExitCode.OK,
});
