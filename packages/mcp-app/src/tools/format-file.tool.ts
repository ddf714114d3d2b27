import { FORMAT_FILE } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { error, filePath, wholeNumber, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(FORMAT_FILE, {
  title: 'Format file',
  description:
    'Use instead of re-indenting by hand or running a formatter in a shell: formats a file, or its lines line..endLine, with its ' +
    "language's formatter and the project's settings (.editorconfig; .clang-format for C/C++; gofmt for Go). WRITES the file " +
    '(dryRun lists the changed lines instead).',
  inputSchema: {
    workspaceRoot,
    filePath,
    line: wholeNumber.optional().describe('First line to format; omit for the whole file.'),
    endLine: wholeNumber.optional().describe('Last line to format (default line).'),
    dryRun: z.boolean().optional().describe('List the changed lines; write nothing.'),
  },
  outputSchema: {
    success: z.boolean(),
    filePath: z.string().optional(),
    changeCount: wholeNumber.optional(),
    changes: z.array(z.object({ line: wholeNumber, oldText: z.string(), newText: z.string() })).optional(),
    truncated: z.boolean().optional(),
    applied: z.boolean().optional(),
    error,
  },
  loadRender: async () => (await import('../render/format-file.render.js')).renderFormatFile,
});
