import { RENAME_SYMBOL } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, error, wholeNumber } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(RENAME_SYMBOL, {
  title: 'Rename symbol',
  description:
    'Use instead of search-and-replace to rename a symbol across the workspace. WRITES every file or none (dryRun previews). ' +
    'Renames what the type checker links to the symbol (imports, exports, shorthand properties, JSDoc {@link}), never another ' +
    'symbol of the same name nor the name in plain comment or string text. Refuses an invalid name, one that would clash or ' +
    'capture (RENAME_CONFLICT), and symbols of node_modules or the standard library. Re-read the files it lists before editing ' +
    `them. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    newName: z.string().min(1).describe('A valid identifier.'),
    dryRun: z.boolean().optional().describe('Check and list the changes; write nothing.'),
  },
  outputSchema: {
    success: z.boolean(),
    oldName: z.string().optional(),
    newName: z.string().optional(),
    filesModified: z
      .array(
        z.object({
          filePath: z.string(),
          changeCount: wholeNumber,
          changes: z.array(z.object({ line: wholeNumber, oldText: z.string(), newText: z.string() })),
        }),
      )
      .optional(),
    totalChanges: wholeNumber.optional(),
    applied: z.boolean().optional(),
    rebuild: z.array(z.string()).optional(),
    publicApi: z.array(z.object({ package: z.string(), entryPoint: z.string(), before: z.string(), after: z.string() })).optional(),
    error,
  },
  loadRender: async () => (await import('../render/rename.render.js')).renderRename,
});
