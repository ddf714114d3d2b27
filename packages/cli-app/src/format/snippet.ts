import type { Style } from './style.js';

const WIDTH = 160;
const IDENTIFIER_PART = /[\p{ID_Continue}$\u200c\u200d]/u;

/**
 * One line of code for the terminal: indentation dropped, very long lines cut around
 * the column, and `length` characters from the 1-based `column` highlighted. Columns
 * count code points, as the results do.
 */
export function snippet(line: string, column: number, length: number, style: Style): string {
  const chars = Array.from(line);
  let start = 0;
  while (start < chars.length && (chars[start] === ' ' || chars[start] === '\t')) start++;
  let end = chars.length;
  if (end - start > WIDTH) {
    start = Math.max(start, Math.min(column - 1 - WIDTH / 4, end - WIDTH));
    end = start + WIDTH;
  }
  const from = Math.min(Math.max(column - 1, start), end);
  const to = Math.min(Math.max(from + length, from), end);
  const text = (a: number, b: number): string => chars.slice(a, b).join('');
  const prefix = start > 0 && chars.slice(0, start).some((c) => c !== ' ' && c !== '\t') ? '…' : '';
  const suffix = end < chars.length ? '…' : '';
  return `${prefix}${text(start, from)}${style.match(text(from, to))}${text(to, end)}${suffix}`;
}

/** How many characters the identifier starting at the 1-based `column` has (0 if none starts there). */
export function identifierLength(line: string, column: number): number {
  const chars = Array.from(line);
  let length = 0;
  while (column - 1 + length < chars.length && IDENTIFIER_PART.test(chars[column - 1 + length] ?? '')) length++;
  return length;
}
