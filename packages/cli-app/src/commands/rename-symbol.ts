import type { RenameSymbolInput } from '@mcp-lsp-bridge/domain';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { formatRename } from '../format/rename.format.js';
import { positionArgument, positionInput } from './position-argument.js';

const NAME = 'rename';

export const renameSymbolCommand = defineCommand({
  name: NAME,
  aliases: ['rename-symbol', 'rename_symbol'],
  tool: 'rename_symbol',
  summary: 'Rename the symbol at a position everywhere, writing the files',
  description:
    'Renames the symbol at a position everywhere it is used under the root and WRITES the changed files (all or none). ' +
    'Uses the type checker, so unrelated symbols of the same name, comments and strings are left alone. Refuses a name ' +
    'that is not a valid identifier or that would clash with another symbol in scope (RENAME_CONFLICT), and symbols ' +
    'declared in node_modules or the standard library.',
  arguments: [positionArgument, { name: '<newName>', description: 'The new name: a valid JavaScript identifier, not a reserved word.' }],
  options: {},
  examples: [
    { command: 'lsp-bridge rename src/config.ts:7:17 loadConfig', description: 'rename the function declared at line 7, column 17' },
    { command: 'lsp-bridge rename src/config.ts:7:17 loadConfig && lsp-bridge diag', description: 'rename, then check that the project still compiles' },
  ],
  input(args, context): RenameSymbolInput {
    const newName = args.positionals[1];
    if (newName === undefined || newName === '') throw new UsageError('missing <newName>', NAME);
    return { ...positionInput(args, context, NAME), newName };
  },
  run: (bridge, input, { signal }) => bridge.renameSymbol(input, { signal }),
  format: formatRename,
  exitCode: () => ExitCode.OK,
});
