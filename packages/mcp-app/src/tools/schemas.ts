import { SYMBOL_KINDS, type InputBound } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';

/** Input fields shared by the tools, described for an agent. */
export const workspaceRoot = z
  .string()
  .min(1)
  .describe('Absolute path of the project root directory, e.g. "/home/me/project". Passed with every call; no set-up step.');

export const filePath = z
  .string()
  .min(1)
  .describe('Path of the file, relative to workspaceRoot with "/" separators, e.g. "src/config.ts".');

// No minimum: a line or column out of the file's bounds (0 included) is INVALID_POSITION, answered
// by the domain with the file's real bounds, as FS-001 names it.
export const line = z.number().int().describe('1-based line number, as editors and compiler messages show it (the first line is 1).');

export const column = z
  .number()
  .int()
  .describe(
    '1-based column of any character of the symbol, counted in Unicode characters (the first character of a line is 1; an emoji counts as 1). Columns printed by grep -n or tsc work as they are.',
  );

export const symbol = z
  .string()
  .min(1)
  .describe(
    'A name or qualified name declared in filePath, e.g. "parseConfig" or "Calculator.add", resolved via the file\'s outline (as document_symbols lists it). Use with filePath instead of line/column.',
  );

export const nodeId = z
  .string()
  .min(1)
  .describe(
    'Node id `kind:path:Qualified.name` as returned by document_symbols, workspace_symbols or go_to_definition, e.g. "method:src/Calculator.ts:Calculator.add". Needs no filePath, line or column.',
  );

/**
 * Where the symbol is, for every position-taking tool. Every field is optional here: the
 * domain checks that exactly one form was given and answers INVALID_INPUT otherwise, with
 * a message that says which form is missing (a schema failure could only say "invalid").
 */
export const addressShape = {
  workspaceRoot,
  nodeId: nodeId.optional(),
  filePath: filePath
    .optional()
    .describe(
      'Path of the file, relative to workspaceRoot with "/" separators, e.g. "src/config.ts". Needed with symbol or with line+column; optional with nodeId.',
    ),
  symbol: symbol.optional(),
  line: line.optional(),
  column: column.optional(),
};

/** The sentence every position-taking tool's description ends with. */
export const ADDRESSING =
  'Address the symbol by nodeId (from document_symbols, workspace_symbols or go_to_definition) or by filePath + symbol ' +
  '(a name such as "Calculator.add"); prefer these over computing line and column, which are accepted too (1-based).';

export const symbolKind = z.enum(SYMBOL_KINDS);

/** An optional whole number in the domain's range for it (the domain checks it again, for library callers). */
export function boundedInteger(bound: InputBound) {
  return z.number().int().min(bound.min).max(bound.max).optional();
}

const failure = z.object({ filePath: z.string(), reason: z.string() });
export const failures = z.array(failure).optional().describe('Files that could not be processed; the other results are still complete.');

/** The FS-001.7 error object; present when success is false. */
export const error = z
  .object({
    code: z.string().describe('Machine-readable error code, e.g. NO_SYMBOL_AT_POSITION'),
    message: z.string(),
    resolution: z.string().describe('What to do next'),
  })
  .optional()
  .describe('Present only when success is false.');

/*
 * Output schemas. The SDK publishes them with `additionalProperties: false` and the SDK
 * client checks every structuredContent (errors included) against them, so each field a
 * result can carry must be listed here, optional or not.
 */

/** The fields every located result item has (FS-001: references, definitions). */
export const locationFields = {
  filePath: z.string().describe('Relative to workspaceRoot; absolute for node_modules or files outside it'),
  line: z.number().int().describe('1-based'),
  column: z.number().int().describe('1-based, in Unicode characters'),
  codeSnippet: z.string().describe('The whole line, indentation kept'),
};

/** A symbol kind in a result: one of the LSP SymbolKind names. */
export const kindField = z.string().describe('LSP symbol kind name: class, method, function, variable, constant, property, interface, ...');

export const nodeIdField = z.string().describe('kind:path:Qualified.name; pass it as nodeId to the other tools');

export const diagnosticItem = z.object({
  filePath: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int(),
  endColumn: z.number().int(),
  severity: z.enum(['error', 'warning', 'info', 'hint']),
  code: z.string(),
  message: z.string(),
  codeSnippet: z.string(),
});

export const compilerItem = z.object({
  version: z.string().describe('The TypeScript version that answered'),
  source: z.enum(['workspace', 'bundled']).describe("workspace: the project's own typescript; bundled: the bridge's"),
  path: z.string().describe('Its package directory'),
  note: z.string().optional().describe("Why the project's own compiler did not answer"),
  projects: z.array(z.string()).optional().describe('The projects it answered for (a project-wide check)'),
});

export const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
