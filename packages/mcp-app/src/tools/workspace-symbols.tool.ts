import { INPUT_BOUNDS, workspaceSymbols } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderWorkspaceSymbols } from '../render/workspace-symbols.render.js';
import { boundedInteger, error, kindField, nodeIdField, readOnly, symbolKind, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const workspaceSymbolsTool = defineTool({
  name: 'workspace_symbols',
  title: 'Workspace symbols (find declarations by name)',
  description:
    'Find declarations by name across the workspace (not usages): exact matches first, then prefix, camel-case humps ' +
    '("pCon" finds parseConfig), substring and fuzzy matches. Prefer it over grep when asking "where is X declared": it skips ' +
    'comments, strings, node_modules and .d.ts files. Filter with kinds. Each result has its location and nodeId.',
  inputSchema: {
    workspaceRoot,
    query: z.string().min(1).describe('A name or part of one, e.g. "parseConfig", "parseConf" or "pCon".'),
    kinds: z
      .array(symbolKind)
      .optional()
      .describe('Only symbols of these kinds, e.g. ["class", "interface"]. A const is "constant", a type alias "variable".'),
    limit: boundedInteger(INPUT_BOUNDS.workspaceSymbolLimit).describe(
      `Maximum number of symbols returned (default ${INPUT_BOUNDS.workspaceSymbolLimit.default}).`,
    ),
  },
  outputSchema: {
    success: z.boolean(),
    query: z.string().optional(),
    symbols: z
      .array(
        z.object({
          name: z.string(),
          kind: kindField,
          nodeId: nodeIdField.optional(),
          filePath: z.string(),
          line: z.number().int(),
          column: z.number().int(),
          containerName: z.string().optional(),
        }),
      )
      .optional(),
    totalCount: z.number().int().optional().describe('How many symbols matched, before the limit'),
    truncated: z.boolean().optional().describe('True when more symbols matched than were returned'),
    error,
  },
  annotations: readOnly,
  run: (ports, args, { signal }) => workspaceSymbols(ports, args, signal),
  render: renderWorkspaceSymbols,
});
