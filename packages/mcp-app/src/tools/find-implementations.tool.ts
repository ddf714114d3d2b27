import { INPUT_BOUNDS, findImplementations } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderImplementations } from '../render/implementations.render.js';
import { ADDRESSING, addressShape, boundedInteger, error, kindField, locationFields, nodeIdField, readOnly } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const findImplementationsTool = defineTool({
  name: 'find_implementations',
  title: 'Find implementations',
  description:
    'Find the implementations of an interface, abstract class or method, as the type checker sees them: the classes that ' +
    'implement or extend it and the methods that implement it. Prefer it over grepping for "implements X" or "extends X". ' +
    `Results by file, line, column, with nodeIds. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    includeNodeModules: z.boolean().optional().describe('Also return implementations inside node_modules (default false).'),
    limit: boundedInteger(INPUT_BOUNDS.implementationLimit).describe(
      `Maximum number of implementations returned (default ${INPUT_BOUNDS.implementationLimit.default}).`,
    ),
  },
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    implementations: z.array(z.object({ ...locationFields, nodeId: nodeIdField.optional(), kind: kindField.optional() })).optional(),
    totalCount: z.number().int().optional().describe('How many implementations exist, before the limit'),
    truncated: z.boolean().optional().describe('True when more implementations exist than were returned'),
    error,
  },
  annotations: readOnly,
  run: (ports, args, { signal }) => findImplementations(ports, args, signal),
  render: renderImplementations,
});
