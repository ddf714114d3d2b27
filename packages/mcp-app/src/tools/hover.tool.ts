import { HOVER } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, error } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(HOVER, {
  title: 'Hover: type and documentation',
  description:
    "Use instead of opening the declaring file or a .d.ts to learn what a symbol is: its type signature (a variable's " +
    `inferred type, a function's parameters and return type) and its JSDoc. ${ADDRESSING}`,
  inputSchema: addressShape,
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    signature: z.string().optional(),
    documentation: z.string().optional(),
    truncated: z.boolean().optional(),
    language: z.string().optional(),
    error,
  },
  loadRender: async () => (await import('../render/hover.render.js')).renderHover,
});
