import { INPUT_BOUNDS, WORKSPACE_SYMBOLS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { boundedInteger, count, error, locatedSymbolFields, symbolKind, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(WORKSPACE_SYMBOLS, {
  title: 'Workspace symbols (find declarations by name)',
  description:
    'Use instead of grep to find where something is declared (not its usages) by name or part of one: exact names first, ' +
    'then prefixes and camelCase humps ("pCon" finds parseConfig), substrings, letters in order; within each, exported and ' +
    'top-level declarations before members, members before locals. Skips node_modules and .d.ts files.',
  inputSchema: {
    workspaceRoot,
    query: z.string().min(1),
    kinds: z.array(symbolKind).optional().describe('Only these kinds.'),
    limit: boundedInteger(INPUT_BOUNDS.workspaceSymbolLimit).describe(`Default ${INPUT_BOUNDS.workspaceSymbolLimit.default}.`),
  },
  outputSchema: {
    success: z.boolean(),
    query: z.string().optional(),
    symbols: z
      .array(
        z.object({
          ...locatedSymbolFields,
          containerName: z.string().optional(),
        }),
      )
      .optional(),
    totalCount: count,
    truncated: z.boolean().optional(),
    totalCountIsLowerBound: z.literal(true).optional(),
    error,
  },
  loadRender: async () => (await import('../render/workspace-symbols.render.js')).renderWorkspaceSymbols,
});
