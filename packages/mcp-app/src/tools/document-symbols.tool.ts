import { documentSymbols } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderDocumentSymbols } from '../render/document-symbols.render.js';
import { error, filePath, kindField, nodeIdField, readOnly, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** One outline entry; `children` nests (the SDK publishes it as a JSON-schema $ref). */
const documentSymbol: z.ZodType = z.lazy(() =>
  z.object({
    name: z.string(),
    kind: kindField,
    nodeId: nodeIdField.optional().describe('Absent for anonymous items (callbacks), which cannot be addressed'),
    line: z.number().int().describe('1-based line of the name'),
    column: z.number().int().describe('1-based column of the name'),
    endLine: z.number().int().describe('Last line of the declaration'),
    overloads: z.number().int().optional().describe('An overloaded function or method: how many signatures it stands for'),
    children: z.array(documentSymbol).optional(),
  }),
);

export const documentSymbolsTool = defineTool({
  name: 'document_symbols',
  title: 'Document symbols (file outline)',
  description:
    'Outline of one file: the classes, interfaces, functions, methods, properties, variables, types and enums it declares, ' +
    'nested as in the code, each with its line range and nodeId. Read it instead of the whole file to see what a file ' +
    'declares and where; pass a nodeId to the other tools to address a symbol without counting lines and columns.',
  inputSchema: { workspaceRoot, filePath },
  outputSchema: {
    success: z.boolean(),
    filePath: z.string().optional(),
    symbols: z.array(documentSymbol).optional(),
    totalCount: z.number().int().optional().describe('Symbols at every level, listed or not'),
    truncated: z
      .boolean()
      .optional()
      .describe('The outline was too large for one answer: symbols lists the first ones in source order, parents before children'),
    error,
  },
  annotations: readOnly,
  run: (ports, args, { signal }) => documentSymbols(ports, args, signal),
  render: renderDocumentSymbols,
});
