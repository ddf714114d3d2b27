import { renameSymbol } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderRename } from '../render/rename.render.js';
import { ADDRESSING, addressShape, error } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const renameSymbolTool = defineTool({
  name: 'rename_symbol',
  title: 'Rename symbol',
  description:
    'Rename a symbol everywhere it is used in the workspace and WRITE the changes to disk (dryRun: true previews them), ' +
    'all files or none. Uses the type checker, so same-named but unrelated symbols, comments and strings are left alone, ' +
    'and imports/exports/shorthand properties are updated. Refuses a newName that is not a valid identifier, that would ' +
    'clash with or capture another symbol in scope (RENAME_CONFLICT), or a symbol declared in node_modules or the standard ' +
    'library. Prefer it over search-and-replace. Afterwards, re-read the files it lists before editing them. ' +
    ADDRESSING,
  inputSchema: {
    ...addressShape,
    newName: z.string().min(1).describe('The new name: a valid JavaScript identifier (e.g. "loadConfig"), not a reserved word.'),
    dryRun: z.boolean().optional().describe('Check and list the changes without writing them (default false).'),
  },
  outputSchema: {
    success: z.boolean(),
    oldName: z.string().optional(),
    newName: z.string().optional(),
    filesModified: z
      .array(
        z.object({
          filePath: z.string(),
          changeCount: z.number().int(),
          changes: z.array(z.object({ line: z.number().int(), oldText: z.string(), newText: z.string() })),
        }),
      )
      .optional(),
    totalChanges: z.number().int().optional(),
    applied: z.boolean().optional().describe('False for a dry run: nothing was written'),
    error,
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: (ports, args, { signal }) => renameSymbol(ports, args, signal),
  render: renderRename,
});
