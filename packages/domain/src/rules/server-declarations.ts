import type { ServerDeclaration, ServerReading } from '../ports/server-syntax.js';

/**
 * How a declaration is found in a language server's reading of a text, as the parser port
 * finds it in TypeScript: by its name, or by its start for one without a name.
 */

/** The innermost declaration whose name contains `offset`, or that starts at `offset`. */
export function declarationAtIn(reading: ServerReading, offset: number): ServerDeclaration | undefined {
  return reading.declarations
    .filter((d) => (d.nameStart <= offset && offset <= d.nameStart + d.nameLength) || d.start === offset)
    .sort((a, b) => b.start - a.start || a.end - b.end)[0];
}

/** The single outermost declaration that makes up [start, end), only whitespace and comments around it. */
export function declarationSpanningIn(reading: ServerReading, start: number, end: number): ServerDeclaration | undefined {
  const inside = reading.declarations.filter((d) => d.start >= start && d.end <= end);
  const outermost = inside.filter(
    (d) => !inside.some((o) => o !== d && o.start <= d.start && d.end <= o.end && o.end - o.start > d.end - d.start),
  );
  const only = outermost.length === 1 ? outermost[0] : undefined;
  if (only === undefined) return undefined;
  return reading.onlyTrivia(start, only.start) && reading.onlyTrivia(only.end, end) ? only : undefined;
}

/** Comment lines above a declaration a reading looks at for its doc comment. */
const MAX_DOC_LINES = 100;

/**
 * The comment directly above a declaration that starts at `start` (its first line holds
 * nothing before it), no blank line between: its doc comment in the languages a server reads
 * (Go's and C's `//` lines, a C `/* … *\/` block, Python's `#` lines). Undefined when there is none.
 */
export function leadingCommentIn(reading: ServerReading, text: string, start: number): { start: number; end: number } | undefined {
  const declarationLine = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(declarationLine, start).trim() !== '') return undefined;
  let found: number | undefined;
  let lineStart = declarationLine;
  for (let n = 0; n < MAX_DOC_LINES && lineStart > 0; n++) {
    const previous = text.lastIndexOf('\n', lineStart - 2) + 1;
    const line = text.slice(previous, lineStart - 1);
    if (line.trim() === '') break;
    // The whole span from this line down, so a block comment's inner lines count once its opening line is reached.
    if (reading.onlyTrivia(previous, declarationLine)) found = previous + (line.length - line.trimStart().length);
    lineStart = previous;
  }
  if (found === undefined) return undefined;
  const end = text.slice(0, declarationLine).trimEnd().length;
  return { start: found, end };
}
