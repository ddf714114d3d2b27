import { COMPLETION, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { boundedInteger, column, count, error, filePath, line, wholeNumber, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(COMPLETION, {
  title: 'Completion and signature help',
  description:
    "Use instead of reading a module's source to learn its API: what can be written at a cursor, before the character at column (after `obj.`: its members), " +
    'each with its kind and type or signature, best first; inside a call, its signatures and the parameter at the cursor.',
  inputSchema: {
    workspaceRoot,
    filePath,
    line,
    column,
    prefix: z.string().optional().describe('Only names starting with this (default: the name part before the cursor).'),
    limit: boundedInteger(INPUT_BOUNDS.completionLimit).describe(`Default ${INPUT_BOUNDS.completionLimit.default}.`),
  },
  outputSchema: {
    success: z.boolean(),
    filePath: z.string().optional(),
    line: wholeNumber.optional(),
    column: wholeNumber.optional(),
    prefix: z.string().optional(),
    completions: z
      .array(z.object({ name: z.string(), kind: z.string(), type: z.string().optional(), source: z.string().optional() }))
      .optional(),
    totalCount: count,
    truncated: z.boolean().optional(),
    incomplete: z.literal(true).optional(),
    signatureHelp: z
      .object({
        signatures: z.array(z.object({ label: z.string(), parameters: z.array(z.string()), documentation: z.string().optional() })),
        activeSignature: wholeNumber,
        activeParameter: wholeNumber,
      })
      .optional(),
    error,
  },
  loadRender: async () => (await import('../render/completion.render.js')).renderCompletion,
});
