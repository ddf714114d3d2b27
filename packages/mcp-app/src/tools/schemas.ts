import { SEVERITIES, SYMBOL_KINDS, type InputBound, type Severity } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';

/*
 * Input fields shared by the tools, each described once and tersely: every tool's schema
 * repeats them, so each word here is paid for on every turn of every agent (tools/list).
 * What the tools have in common is said once, in the server's instructions.
 */
export const workspaceRoot = z.string().min(1).describe('Absolute path of the project root.');

export const filePath = z.string().describe('Relative to workspaceRoot.');

/**
 * A whole number. `z.number().int()` publishes the ±2^53 safe-integer bounds with every such
 * field (73 characters of JSON schema each, dozens of fields); `multipleOf(1)` is the same
 * check, in zod and in JSON schema, in 31.
 */
export const wholeNumber = z.number().multipleOf(1);

// No minimum: a line or column out of the file's bounds (0 included) is INVALID_POSITION, answered
// by the domain with the file's real bounds, as FS-001 names it.
export const line = wholeNumber.describe('1-based.');

export const column = wholeNumber.describe('1-based, in characters.');

export const symbol = z.string().describe('A name declared in filePath, e.g. "Calc.add".');

export const nodeId = z.string().describe('kind:path:Qualified.name, from results.');

/**
 * Where the symbol is, for every position-taking tool. Every field is optional here: the
 * domain checks that exactly one form was given and answers INVALID_INPUT otherwise, with
 * a message that says which form is missing (a schema failure could only say "invalid").
 */
export const addressShape = {
  workspaceRoot,
  nodeId: nodeId.optional(),
  filePath: filePath.optional(),
  symbol: symbol.optional(),
  line: line.optional(),
  column: column.optional(),
};

/** The sentence every position-taking tool's description ends with. */
export const ADDRESSING = 'Address the symbol by nodeId or filePath+symbol rather than line+column.';

export const symbolKind = z.enum(SYMBOL_KINDS);

/** An optional whole number in the domain's range for it (the domain checks it again, for library callers). */
export function boundedInteger(bound: InputBound) {
  return z.number().int().min(bound.min).max(bound.max).optional();
}

/*
 * Output schemas. The SDK publishes them with `additionalProperties: false` and the SDK
 * client checks every structuredContent (errors included) against them, so each field a
 * result can carry must be listed here, optional or not. They validate; they carry no
 * prose (an agent reads the text content, and docs/tools.md says what each field means).
 */

export const failures = z.array(z.object({ filePath: z.string(), reason: z.string() })).optional();

/** The FS-001.7 error object; present when success is false. */
export const error = z.object({ code: z.string(), message: z.string(), resolution: z.string() }).optional();

/** The fields every located result item has (FS-001: references, definitions). */
export const locationFields = {
  filePath: z.string(),
  line: wholeNumber,
  column: wholeNumber,
  codeSnippet: z.string(),
};

/** A symbol kind in a result: one of the LSP SymbolKind names. */
export const kindField = z.string();

export const nodeIdField = z.string();

/** A declaration named and placed (the domain's LocatedSymbol): a workspace symbol, a function or type of a hierarchy, a symbol of an impact answer. */
export const locatedSymbolFields = {
  name: z.string(),
  kind: kindField,
  nodeId: nodeIdField.optional(),
  filePath: z.string(),
  line: wholeNumber,
  column: wholeNumber,
};

export const count = wholeNumber.optional();

export const severity = z.enum(SEVERITIES as [Severity, ...Severity[]]);

export const diagnosticItem = z.object({
  filePath: z.string(),
  line: wholeNumber,
  column: wholeNumber,
  endLine: wholeNumber,
  endColumn: wholeNumber,
  severity,
  code: z.string(),
  message: z.string(),
  codeSnippet: z.string(),
  source: z.string().optional(),
});

/** The TypeScript that answered: `workspace` (the project's own) or `bundled`, its package directory, why when not the project's own, its projects (project-wide). */
export const compilerItem = z.object({
  version: z.string(),
  source: z.enum(['workspace', 'bundled']),
  path: z.string(),
  note: z.string().optional(),
  projects: z.array(z.string()).optional(),
});

export const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
