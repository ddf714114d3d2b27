import { goToDefinition } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderDefinitions } from '../render/definitions.render.js';
import { ADDRESSING, addressShape, error, locationFields, nodeIdField, readOnly } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const goToDefinitionTool = defineTool({
  name: 'go_to_definition',
  title: 'Go to definition',
  description:
    'Find where a symbol is defined, following imports, re-exports and aliases to the real declaration. ' +
    'Returns every definition (overloads, merged declarations); definitions in node_modules, outside the workspace or in ' +
    '.d.ts files are marked isExternal. Prefer it over searching for "function name" or "class name" by text. ' +
    'An empty list with success=true means the symbol has no definition (e.g. a built-in). Definitions in the workspace carry ' +
    `their nodeId. ${ADDRESSING}`,
  inputSchema: addressShape,
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    definitions: z
      .array(
        z.object({
          ...locationFields,
          isExternal: z.boolean().describe('In node_modules, outside the workspace, or a .d.ts declaration file'),
          nodeId: nodeIdField.optional(),
        }),
      )
      .optional(),
    error,
  },
  annotations: readOnly,
  run: (ports, args, { signal }) => goToDefinition(ports, args, signal),
  render: renderDefinitions,
});
