import { INPUT_BOUNDS, WORKSPACE_SYMBOLS, type WorkspaceSymbolsInput } from '@mcp-lsp-bridge/domain/front';
import { integerOption, kindOption, kindsOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';

const NAME = 'search';

export const command = defineCommand({
  name: NAME,
  aliases: ['workspace-symbols', WORKSPACE_SYMBOLS],
  tool: WORKSPACE_SYMBOLS,
  summary: 'Find declarations across the project by name',
  description:
    'Finds the symbols declared under the root whose name matches the query, best first: the exact name, then ignoring ' +
    'case, then by prefix, by camel-case humps or substring, then with the letters in order (fuzzy). Unlike grep it ' +
    'lists declarations only, each with its kind and node id; node_modules and .d.ts files are left out.',
  arguments: [{ name: '<query>', description: 'A name or part of one: parseConfig, parse, pCfg.' }],
  options: {
    kind: kindOption('Only symbols of this kind; repeat it or give a comma list (class,interface).'),
    limit: {
      type: 'string',
      valueName: 'n',
      description: `List at most n symbols (default ${INPUT_BOUNDS.workspaceSymbolLimit.default}, at most ${INPUT_BOUNDS.workspaceSymbolLimit.max}); the summary still counts all of them.`,
    },
  },
  examples: [
    { command: 'lsp-bridge search parseConfig', description: 'where parseConfig is declared, and similar names' },
    {
      command: 'lsp-bridge search Calc --kind class,interface --limit 5',
      description: 'the five best classes and interfaces named like Calc',
    },
    {
      command: "lsp-bridge search add --kind method --json | jq -r '.symbols[].nodeId'",
      description: 'node ids to pass to other commands',
    },
  ],
  input(args, context): WorkspaceSymbolsInput {
    const query = args.positionals[0] ?? '';
    if (query.trim() === '') throw new UsageError('missing <query>', NAME);
    const kinds = kindsOption(args, NAME);
    const limit = integerOption(args, 'limit', NAME, INPUT_BOUNDS.workspaceSymbolLimit);
    return {
      workspaceRoot: context.root,
      query,
      ...(kinds.length === 0 ? {} : { kinds }),
      ...(limit === undefined ? {} : { limit }),
    };
  },
  loadFormat: async () => (await import('../format/search.format.js')).formatSearch,
  exitCode: () => ExitCode.OK,
});
