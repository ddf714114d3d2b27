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
