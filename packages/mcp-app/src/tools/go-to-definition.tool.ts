import { GO_TO_DEFINITION } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, error, locationFields, nodeIdField } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** The answer of `goToDefinition` and `goToTypeDefinition`. */
export const definitionsOutput = {
  success: z.boolean(),
  symbolName: z.string().optional(),
  definitions: z.array(z.object({ ...locationFields, isExternal: z.boolean(), nodeId: nodeIdField.optional() })).optional(),
  error,
};

export const tool = defineTool(GO_TO_DEFINITION, {
  title: 'Go to definition',
  description:
    'Use instead of searching for "function X" or "class X" to find where a symbol is declared, through imports, re-exports ' +
    'and aliases. Every declaration (overloads, merged ones), with nodeIds; isExternal marks node_modules, .d.ts files and files ' +
    `outside the workspace; an empty list means none (a built-in). ${ADDRESSING}`,
  inputSchema: addressShape,
  outputSchema: definitionsOutput,
  loadRender: async () => (await import('../render/definitions.render.js')).renderDefinitions,
});
