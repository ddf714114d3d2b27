import { hover } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderHover } from '../render/hover.render.js';
import { ADDRESSING, addressShape, error, readOnly } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const hoverTool = defineTool({
  name: 'hover',
  title: 'Hover: type and documentation',
  description:
    "Show a symbol's type signature and documentation (JSDoc), as an editor's hover does: the inferred type of a variable, " +
    'the parameters and return type of a function or method, the shape of a type. Cheaper than opening the declaring file ' +
    `or a .d.ts: use it to learn what a call accepts and returns. ${ADDRESSING}`,
  inputSchema: addressShape,
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    signature: z.string().optional().describe('The type signature; absent when the compiler knows nothing about the symbol'),
    documentation: z.string().optional().describe('The documentation comment (markdown), when there is one'),
    truncated: z.boolean().optional().describe('The documentation was longer and was cut'),
    error,
  },
  annotations: readOnly,
  run: (ports, args, { signal }) => hover(ports, args, signal),
  render: renderHover,
});
