import { UsageError } from './usage-error.js';

export interface Location {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

// `path:line:col` as tsc --pretty, rg --column and editors print it (a trailing `:` is fine),
// and tsc's plain `path(line,col)`. The path may itself contain colons. The column is read as
// Unicode characters: tsc counts UTF-16 units and rg bytes, the same on a line that is ASCII
// up to the column. (grep -n prints no column.)
const LOCATION = /^(.+?)(?::(\d+):(\d+)|\((\d+),(\d+)\)):?$/;

/** Whether the text has the shape of a `file:line:col` (its numbers not yet checked). */
export function looksLikeLocation(text: string): boolean {
  return LOCATION.test(text);
}

/** The file of a text shaped like `file:line:col`, its numbers unchecked (the command's own parse words their faults). */
export function locationFile(text: string): string | undefined {
  return LOCATION.exec(text)?.[1];
}

/** Parses `file:line:col`; line and column are 1-based, the column counts characters. */
export function parseLocation(text: string, command: string): Location {
  const match = LOCATION.exec(text);
  const file = match?.[1];
  const line = Number(match?.[2] ?? match?.[4]);
  const column = Number(match?.[3] ?? match?.[5]);
  if (file === undefined || !Number.isSafeInteger(line) || !Number.isSafeInteger(column)) {
    throw new UsageError(`expected <file>:<line>:<col>, e.g. src/config.ts:7:17, got "${text}"`, command);
  }
  if (line < 1 || column < 1) {
    throw new UsageError(`line and column start at 1, got "${text}"`, command);
  }
  return { file, line, column };
}
