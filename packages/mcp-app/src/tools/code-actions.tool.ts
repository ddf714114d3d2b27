import { ACTION_KINDS, CODE_ACTIONS, GET_DIAGNOSTICS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { column, diagnosticItem, error, filePath, line, wholeNumber, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

const lineChange = z.object({ line: wholeNumber, oldText: z.string(), newText: z.string() });

export const tool = defineTool(CODE_ACTIONS, {
  title: 'Code actions',
  description:
    `Use instead of fixing by hand after ${GET_DIAGNOSTICS} or an edit: lists the compiler's or language server's quick fixes at a ` +
    'line (add a missing import, implement an interface, add await), fixes of all of one code in the file, refactorings, or ' +
    'organize imports (kind), each with an id. Pass the id as actionId to apply it: WRITES every file or none (dryRun ' +
    'previews) and answers the changed lines and the errors it adds or removes. An id expires when its file changes.',
  inputSchema: {
    workspaceRoot,
    filePath: filePath.optional().describe('Required to list; omit with actionId.'),
    line: line.optional().describe('1-based; omit for the whole file.'),
    column: column.optional(),
    endLine: wholeNumber.optional().describe('Last line of a range.'),
    code: z.string().optional().describe('Only fixes of this diagnostic code, e.g. "TS2304".'),
    kind: z.enum(ACTION_KINDS).optional(),
    actionId: z.string().optional().describe(`An id ${CODE_ACTIONS} listed: apply it.`),
    dryRun: z.boolean().optional().describe('With actionId: check and list; write nothing.'),
  },
  outputSchema: {
    success: z.boolean(),
    filePath: z.string().optional(),
    actions: z
      .array(
        z.object({
          id: z.string(),
          title: z.string(),
          kind: z.string(),
          code: z.string().optional(),
          line: wholeNumber.optional(),
          preferred: z.boolean().optional(),
        }),
      )
      .optional(),
    truncated: z.boolean().optional(),
    clientOnly: z.array(z.string()).optional(),
    title: z.string().optional(),
    kind: z.string().optional(),
    filesModified: z.array(z.object({ filePath: z.string(), changeCount: wholeNumber, changes: z.array(lineChange) })).optional(),
    totalChanges: wholeNumber.optional(),
    applied: z.boolean().optional(),
    introducedDiagnostics: z.array(diagnosticItem).optional(),
    fixedDiagnostics: z.array(diagnosticItem).optional(),
    error,
  },
  loadRender: async () => (await import('../render/code-actions.render.js')).renderCodeActions,
});
