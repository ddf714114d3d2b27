import { CHECK_EDITS, MAX_EDITS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { count, diagnosticItem, error, failures, wholeNumber, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(CHECK_EDITS, {
  title: 'Check edits before writing them',
  description:
    'Use instead of editing, then compiling: type-checks edits in memory and answers errors they add and remove in the ' +
    'edited files and their importers. apply writes them, all or none, if they add no error.',
  inputSchema: {
    workspaceRoot,
    edits: z
      .array(
        z.object({
          filePath: z.string(),
          oldText: z.string().optional().describe('Exact text, once in the file; omit to replace the whole file.'),
          newText: z.string(),
        }),
      )
      .min(1)
      .max(MAX_EDITS),
    apply: z.boolean().optional(),
    force: z.boolean().optional().describe('With apply: write even if errors are added.'),
  },
  outputSchema: {
    success: z.boolean(),
    files: z
      .array(z.object({ filePath: z.string(), startLine: wholeNumber, linesRemoved: wholeNumber, linesAdded: wholeNumber }))
      .optional(),
    errorsAdded: z.array(diagnosticItem).optional(),
    errorsRemoved: z.array(diagnosticItem).optional(),
    filesChecked: count,
    notChecked: failures,
    applied: z.boolean().optional(),
    notApplied: z.string().optional(),
    error,
  },
  loadRender: async () => (await import('../render/check-edits.render.js')).renderCheckEdits,
});
