/**
 * Positions as the contract counts them: 1-based lines, 1-based columns in Unicode code
 * points, line breaks `\r\n`, `\n` or `\r`, a leading byte-order mark not counted.
 */

export interface Position {
  readonly line: number;
  readonly column: number;
}

const BOM = '\uFEFF';

export function stripBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

export function codePointLength(text: string): number {
  let count = 0;
  for (const _codePoint of text) count++;
  return count;
}

/** The lines of a text without their line breaks. */
export function linesOf(text: string): string[] {
  return stripBom(text).split(/\r\n|\n|\r/);
}

export function lineText(text: string, line: number): string {
  const lines = linesOf(text);
  const found = lines[line - 1];
  if (found === undefined) throw new Error(`line ${line} is past the end (${lines.length} lines)`);
  return found;
}

/** Position of a UTF-16 offset into `text` (BOM already stripped). */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const ch = text[i];
    if (ch === '\r' && text[i + 1] === '\n') continue;
    if (ch === '\n' || ch === '\r') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: codePointLength(text.slice(lineStart, offset)) + 1 };
}

/** Where the `occurrence`-th (1-based) `needle` starts in `text`. */
export function positionOf(text: string, needle: string, occurrence = 1): Position {
  const body = stripBom(text);
  let offset = -1;
  for (let n = 0; n < occurrence; n++) {
    offset = body.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`"${needle}" occurs fewer than ${occurrence} times`);
  }
  return positionAt(body, offset);
}

/** The position just past the `occurrence`-th `prefix`: where the text after it starts. */
export function positionAfter(text: string, prefix: string, occurrence = 1): Position {
  const body = stripBom(text);
  let offset = -1;
  for (let n = 0; n < occurrence; n++) {
    offset = body.indexOf(prefix, offset + 1);
    if (offset < 0) throw new Error(`"${prefix}" occurs fewer than ${occurrence} times`);
  }
  return positionAt(body, offset + prefix.length);
}

export const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/u;
