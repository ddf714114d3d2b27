import { z } from 'zod';

/** Input fields shared by the position-taking tools, described for an agent. */
export const workspaceRoot = z
  .string()
  .min(1)
  .describe('Absolute path of the project root directory, e.g. "/home/me/project". Passed with every call; no set-up step.');

export const filePath = z
  .string()
  .min(1)
  .describe('Path of the file, relative to workspaceRoot with "/" separators, e.g. "src/config.ts".');

export const line = z
  .number()
  .int()
  .min(1)
  .describe('1-based line number, as editors and compiler messages show it (the first line is 1).');

export const column = z
  .number()
  .int()
  .min(1)
  .describe(
    '1-based column of any character of the symbol, counted in Unicode characters (the first character of a line is 1; an emoji counts as 1). Columns printed by grep -n or tsc work as they are.',
  );

export const positionShape = { workspaceRoot, filePath, line, column };

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

/** The fields every located result item has (FS-001: references, definitions). */
export const locationFields = {
  filePath: z.string().describe('Relative to workspaceRoot; absolute for node_modules or files outside it'),
  line: z.number().int().describe('1-based'),
  column: z.number().int().describe('1-based, in Unicode characters'),
  codeSnippet: z.string().describe('The whole line, indentation kept'),
};
