import { UsageError } from './usage-error.js';

/** `file`, `file:line`, `file:line:col` or `file:line-endLine`: a file and the place in it a command asks about. */
export interface FilePlace {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
}

const PLACE = /^(.+?)(?::(\d+)(?::(\d+)|-(\d+))?)?:?$/;

/** Parses a file with an optional line (and column, or last line): the numbers are 1-based. */
export function parseFilePlace(text: string, command: string): FilePlace {
  const match = PLACE.exec(text);
  const file = match?.[1];
  if (file === undefined || file === '') throw new UsageError(`expected <file>[:<line>[:<col>]], got "${text}"`, command);
  const [line, column, endLine] = [match?.[2], match?.[3], match?.[4]].map((n) => (n === undefined ? undefined : Number(n)));
  if ([line, column, endLine].some((n) => n !== undefined && (!Number.isSafeInteger(n) || n < 1))) {
    throw new UsageError(`line and column start at 1, got "${text}"`, command);
  }
  return {
    file,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    ...(endLine === undefined ? {} : { endLine }),
  };
}
