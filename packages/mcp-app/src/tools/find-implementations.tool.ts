import { FIND_IMPLEMENTATIONS, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, boundedInteger, count, error, kindField, locationFields, nodeIdField } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(FIND_IMPLEMENTATIONS, {
  title: 'Find implementations',
  description:
    'Use instead of grepping "implements X" or "extends X": the classes that implement an interface or extend an abstract ' +
    `class, and the methods that implement a method, as the type checker sees them, with nodeIds. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    includeNodeModules: z.boolean().optional().describe('Include node_modules (default false).'),
    limit: boundedInteger(INPUT_BOUNDS.implementationLimit).describe(`Default ${INPUT_BOUNDS.implementationLimit.default}.`),
  },
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    implementations: z.array(z.object({ ...locationFields, nodeId: nodeIdField.optional(), kind: kindField.optional() })).optional(),
    totalCount: count,
    truncated: z.boolean().optional(),
    error,
  },
  loadRender: async () => (await import('../render/implementations.render.js')).renderImplementations,
});
