import type { DocumentSymbolsInput } from '@mcp-lsp-bridge/domain';
import { fileArgument } from '../args/file-argument.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { formatOutline } from '../format/outline.format.js';

const NAME = 'outline';

export const documentSymbolsCommand = defineCommand({
  name: NAME,
  aliases: ['document-symbols', 'document_symbols', 'symbols'],
  tool: 'document_symbols',
  summary: 'Show the symbols of a file, with node ids',
  description:
    'Shows the outline of one file: every class, interface, function, method, property, variable and the like it ' +
    'declares, nested as in the source, each with its kind, its line range and its node id. A node id names the ' +
    'symbol in every other command (refs method:src/calc.ts:Calculator.add), so no column needs counting.',
  arguments: [{ name: '<file>', description: 'The file, relative to the current directory.' }],
  options: {},
  examples: [
    { command: 'lsp-bridge outline src/calc.ts', description: 'the tree of what src/calc.ts declares' },
    { command: "lsp-bridge outline src/calc.ts --json | jq -r '.. | .nodeId? // empty'", description: 'every node id in the file' },
  ],
  input(args, context): DocumentSymbolsInput {
    const file = args.positionals[0];
    if (file === undefined || file === '') throw new UsageError('missing <file>', NAME);
    return { workspaceRoot: context.root, filePath: fileArgument(file, context) };
  },
  run: (bridge, input, { signal }) => bridge.documentSymbols(input, { signal }),
  format: formatOutline,
  exitCode: () => ExitCode.OK,
});
