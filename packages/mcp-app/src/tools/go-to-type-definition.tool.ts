import { GO_TO_TYPE_DEFINITION } from '@mcp-lsp-bridge/domain/front';
import { definitionsOutput } from './go-to-definition.tool.js';
import { ADDRESSING, addressShape } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(GO_TO_TYPE_DEFINITION, {
  title: 'Go to type definition',
  description:
    "Use to learn what a value is without reading its source: the declarations of a variable's, parameter's, property's " +
    "or call's type (an interface, class, type alias, enum), through aliases, generics and .d.ts files, with nodeIds. " +
    ADDRESSING,
  inputSchema: addressShape,
  outputSchema: definitionsOutput,
  loadRender: async () => (await import('../render/definitions.render.js')).renderTypeDefinitions,
});
