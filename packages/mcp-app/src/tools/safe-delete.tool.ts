import { SAFE_DELETE } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, error, wholeNumber } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(SAFE_DELETE, {
  title: 'Safe delete',
  description:
    'Use instead of deleting a declaration by hand: removes a symbol nothing uses (its declarations with their doc comments, and ' +
    'the imports only it used) once the file still parses and no file gains an error. WRITES the file (dryRun lists what would ' +
    `go); refused with SYMBOL_IN_USE and the uses while anything uses it. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    dryRun: z.boolean().optional().describe('List what would be removed; write nothing.'),
  },
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    filePath: z.string().optional(),
    removed: z.array(z.object({ startLine: wholeNumber, endLine: wholeNumber })).optional(),
    importsRemoved: z.array(z.string()).optional(),
    applied: z.boolean().optional(),
    error,
  },
  loadRender: async () => (await import('../render/safe-delete.render.js')).renderSafeDelete,
});
