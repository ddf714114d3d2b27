import { FIND_REFERENCES, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, boundedInteger, count, error, failures, locationFields } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(FIND_REFERENCES, {
  title: 'Find references',
  description:
    "Use instead of grep to find a symbol's usages, e.g. before changing, moving or deleting it. The type checker's answer: " +
    'through imports, re-exports and aliases, across the projects of a monorepo; never another symbol of the same name, nor ' +
    'the name in plain comment or string text (a JSDoc {@link} is a reference). Declarations first, then usages by file. ' +
    ADDRESSING,
  inputSchema: {
    ...addressShape,
    includeNodeModules: z.boolean().optional().describe('Include node_modules (default false).'),
    limit: boundedInteger(INPUT_BOUNDS.referenceLimit).describe(`Default ${INPUT_BOUNDS.referenceLimit.default}.`),
  },
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    references: z.array(z.object({ ...locationFields, referenceType: z.enum(['declaration', 'usage']) })).optional(),
    totalCount: count,
    fileCount: count,
    truncated: z.boolean().optional(),
    failures,
    error,
  },
  loadRender: async () => (await import('../render/references.render.js')).renderReferences,
});
