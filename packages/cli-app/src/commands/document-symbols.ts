import { DOCUMENT_SYMBOLS, type DocumentSymbolsInput, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { fileArgument } from '../args/file-argument.js';
import { integerOption, kindOption, kindsOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';

const NAME = 'outline';

export const command = defineCommand({
  name: NAME,
  aliases: ['document-symbols', DOCUMENT_SYMBOLS, 'symbols'],
  tool: DOCUMENT_SYMBOLS,
  summary: 'Show the symbols of a file, with node ids',
  description:
    'Shows the outline of one file: every class, interface, function, method, property, variable and the like it ' +
    'declares, nested as in the source, each with its kind, its line range and its node id. A node id names the ' +
    'symbol in every other command (refs method:src/calc.ts:Calculator.add), so no column needs counting.',
  arguments: [{ name: '<file>', description: 'The file, relative to the current directory.' }],
  options: {
    depth: {
      type: 'string',
      valueName: 'n',
      description: `List n levels of nesting, 1 for the top level only (default every level, at most ${INPUT_BOUNDS.outlineDepth.max}).`,
    },
    kind: kindOption('Only symbols of this kind, with the symbols that contain them; repeat it or give a comma list (class,method).'),
  },
  examples: [
    { command: 'lsp-bridge outline src/calc.ts', description: 'the tree of what src/calc.ts declares' },
    { command: 'lsp-bridge outline src/calc.ts --depth 1', description: 'its top-level declarations only' },
    { command: 'lsp-bridge outline src/calc.ts --kind class,method', description: 'its classes and their methods' },
    { command: "lsp-bridge outline src/calc.ts --json | jq -r '.. | .nodeId? // empty'", description: 'every node id in the file' },
  ],
  input(args, context): DocumentSymbolsInput {
    const file = args.positionals[0];
    if (file === undefined || file === '') throw new UsageError('missing <file>', NAME);
    const depth = integerOption(args, 'depth', NAME, INPUT_BOUNDS.outlineDepth);
    const kinds = kindsOption(args, NAME);
    return {
      workspaceRoot: context.root,
      filePath: fileArgument(file, context),
      ...(depth === undefined ? {} : { depth }),
      ...(kinds.length === 0 ? {} : { kinds }),
    };
  },
  loadFormat: async () => (await import('../format/outline.format.js')).formatOutline,
  exitCode: () => ExitCode.OK,
});
