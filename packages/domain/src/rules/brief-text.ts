/** The most of one line a result quotes: longer lines are cut around the place they are about. */
export const MAX_SNIPPET_LENGTH = 240;

/** The most of a caller's input an error message quotes. */
export const MAX_QUOTED_INPUT = 80;

/**
 * The line as a result shows it (DR-001.2: the line, indentation kept), cut to
 * MAX_SNIPPET_LENGTH UTF-16 units around `at` (an offset into the line) with an ellipsis on
 * each cut side, so a minified or generated line never floods an answer.
 */
export function snippetAround(line: string, at: number): string {
  if (line.length <= MAX_SNIPPET_LENGTH) return line;
  const room = MAX_SNIPPET_LENGTH - 2;
  let start = Math.max(0, Math.min(at - Math.floor(room / 3), line.length - room));
  let end = Math.min(line.length, start + room);
  // Never split a surrogate pair.
  if (isLowSurrogate(line.charCodeAt(start))) start++;
  if (end < line.length && isLowSurrogate(line.charCodeAt(end))) end--;
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
}

/**
 * A caller's input as an error message quotes it: in double quotes, at most
 * MAX_QUOTED_INPUT characters, the rest counted. Errors must never echo a megabyte back.
 */
export function quoted(input: string): string {
  if (input.length <= MAX_QUOTED_INPUT) return JSON.stringify(input);
  let end = MAX_QUOTED_INPUT;
  if (isLowSurrogate(input.charCodeAt(end))) end--;
  return `${JSON.stringify(input.slice(0, end)).slice(0, -1)}…" (${input.length} characters)`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
