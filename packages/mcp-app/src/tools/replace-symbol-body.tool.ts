import { replaceSymbolBody } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderReplaceSymbolBody } from '../render/replace-symbol-body.render.js';
import { ADDRESSING, addressShape, diagnosticItem, error, nodeIdField } from './schemas.js';
import { defineTool } from './tool-definition.js';

const mode = z.enum(['replace-body', 'replace-node']);

export const replaceSymbolBodyTool = defineTool({
  name: 'replace_symbol_body',
  title: 'Replace symbol body',
  description:
    'Replace the body of a function, method, class, interface, enum or namespace (mode "replace-body", signature kept) or ' +
    'the whole declaration (mode "replace-node") and WRITE the file. Prefer it over editing by line numbers or string ' +
    'matching: the symbol is found by name, a new body is re-indented, and nothing is written (INVALID_REPLACEMENT) if the ' +
    'replacement adds syntax errors or is not the same kind of declaration. Answers the new line range and the compiler ' +
    `diagnostics the edit introduced (fix them); re-read the file before other edits to it. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    mode: mode.describe(
      '"replace-body": replacement is the new body, with or without its braces (an empty one is refused: pass "{}" to empty a body). ' +
        '"replace-node": replacement is the whole declaration (modifiers, signature and body; the JSDoc above it is kept, or replaced ' +
        'when the replacement starts with its own /** … */), one declaration of the same construct; the name may change.',
    ),
    replacement: z.string().describe('The new body or the new declaration, as source text.'),
    dryRun: z.boolean().optional().describe('Check the replacement and list the errors it would add, without writing (default false).'),
  },
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    mode: mode.optional(),
    nodeId: nodeIdField.optional().describe('The declaration after the replacement'),
    filePath: z.string().optional(),
    line: z.number().int().optional().describe('First line of the declaration after the replacement'),
    endLine: z.number().int().optional().describe('Last line of the declaration after the replacement'),
    linesRemoved: z.number().int().optional(),
    linesAdded: z.number().int().optional(),
    introducedDiagnostics: z.array(diagnosticItem).optional().describe('Diagnostics of the file that were not there before the edit'),
    applied: z.boolean().optional().describe('False for a dry run: nothing was written'),
    diagnosticsUnavailable: z
      .string()
      .optional()
      .describe(
        'Present when the file was written but its diagnostics could not be computed afterwards (why; introducedDiagnostics is then empty)',
      ),
    error,
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: (ports, args, { signal }) => replaceSymbolBody(ports, args, signal),
  render: renderReplaceSymbolBody,
});
