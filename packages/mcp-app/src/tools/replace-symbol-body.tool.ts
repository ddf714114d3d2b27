import { REPLACE_SYMBOL_BODY } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, diagnosticItem, error, nodeIdField, wholeNumber } from './schemas.js';
import { defineTool } from './tool-definition.js';

const mode = z.enum(['replace-body', 'replace-node']);

export const tool = defineTool(REPLACE_SYMBOL_BODY, {
  title: 'Replace symbol body',
  description:
    'Use instead of editing by line numbers or string matching to rewrite a function, method, class, interface, enum or ' +
    'namespace: its body ("replace-body", signature kept) or the whole declaration ("replace-node", same construct; the JSDoc ' +
    'above is kept). WRITES the file (dryRun checks only); nothing is written (INVALID_REPLACEMENT) if it adds syntax errors. ' +
    `Answers the new line range and the diagnostics the edit introduced. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    mode,
    replacement: z.string().describe('The new body (braces optional; "{}" empties it) or declaration (its own /** */ replaces the old).'),
    dryRun: z.boolean().optional().describe('Check and list new errors; write nothing.'),
  },
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    mode: mode.optional(),
    nodeId: nodeIdField.optional(),
    filePath: z.string().optional(),
    line: wholeNumber.optional(),
    endLine: wholeNumber.optional(),
    linesRemoved: wholeNumber.optional(),
    linesAdded: wholeNumber.optional(),
    introducedDiagnostics: z.array(diagnosticItem).optional(),
    applied: z.boolean().optional(),
    diagnosticsUnavailable: z.string().optional(),
    error,
  },
  loadRender: async () => (await import('../render/replace-symbol-body.render.js')).renderReplaceSymbolBody,
});
