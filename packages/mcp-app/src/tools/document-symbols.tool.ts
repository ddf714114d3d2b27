import { DOCUMENT_SYMBOLS, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { boundedInteger, count, error, filePath, kindField, nodeIdField, symbolKind, workspaceRoot, wholeNumber } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** One outline entry; `children` nests (the SDK publishes it as a JSON-schema $ref). */
const documentSymbol: z.ZodType = z.lazy(() =>
  z.object({
    name: z.string(),
    kind: kindField,
    nodeId: nodeIdField.optional(),
    line: wholeNumber,
    column: wholeNumber,
    endLine: wholeNumber,
    overloads: wholeNumber.optional(),
    children: z.array(documentSymbol).optional(),
  }),
);

export const tool = defineTool(DOCUMENT_SYMBOLS, {
  title: 'Document symbols (file outline)',
  description:
    'Use instead of reading a whole file to see what it declares and where: its classes, interfaces, functions, methods, ' +
    'properties, variables and types, nested, with line ranges and nodeIds for the other tools. The text leaves out locals ' +
    '(constants and variables inside functions) unless kinds is given.',
  inputSchema: {
    workspaceRoot,
    filePath,
    depth: boundedInteger(INPUT_BOUNDS.outlineDepth).describe('Levels to list, 1 for the top level (default all).'),
    kinds: z.array(symbolKind).optional().describe('Only these kinds, with what contains them.'),
  },
  outputSchema: {
    success: z.boolean(),
    filePath: z.string().optional(),
    symbols: z.array(documentSymbol).optional(),
    totalCount: count,
    truncated: z.boolean().optional(),
    error,
  },
  loadRender: async () => (await import('../render/document-symbols.render.js')).renderDocumentSymbols,
});
