import { FORMAT_FILE, type FormatFileInput } from '@mcp-lsp-bridge/domain/front';
import { fileArgument } from '../args/file-argument.js';
import { parseFilePlace } from '../args/file-lines.js';
import { flag } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';

const NAME = 'format';

export const command = defineCommand({
  name: NAME,
  aliases: ['format-file', FORMAT_FILE, 'fmt'],
  tool: FORMAT_FILE,
  summary: "Format a file with its language's formatter",
  description:
    "Formats a file, or lines of it, with its language's formatter and the project's settings: TypeScript's formatter with " +
    "the .editorconfig's indentation (else the file's own), clang-format's .clang-format for C/C++ (clangd), gofmt for Go " +
    '(gopls); Python has none (pyright). WRITES the file; --dry-run prints the changed lines instead.',
  arguments: [{ name: '<file>[:<line>[-<endLine>]]', description: 'The file, and the lines to format (default all).' }],
  options: {
    'dry-run': { type: 'boolean', description: 'Print the lines formatting would change; write nothing.' },
  },
  examples: [
    { command: 'lsp-bridge format src/main.ts', description: 'format the whole file' },
    { command: 'lsp-bridge format src/main.ts:10-24 --dry-run', description: 'what formatting lines 10 to 24 would change' },
  ],
  input(args, context): FormatFileInput {
    const given = args.positionals[0];
    if (given === undefined || given === '') throw new UsageError('missing <file>', NAME);
    const place = parseFilePlace(given, NAME);
    if (place.column !== undefined) throw new UsageError('format takes whole lines: <file>:<line>-<endLine>, not a column', NAME);
    return {
      workspaceRoot: context.root,
      filePath: fileArgument(place.file, context),
      ...(place.line === undefined ? {} : { line: place.line }),
      ...(place.endLine === undefined ? {} : { endLine: place.endLine }),
      ...(flag(args, 'dry-run') ? { dryRun: true } : {}),
    };
  },
  loadFormat: async () => (await import('../format/format-file.format.js')).formatFormatFile,
  exitCode: () => ExitCode.OK,
});
