import ts = require('typescript');

/** The language variant is all a path tells the parser; unknown extensions parse as TypeScript. */
export function scriptKindOf(path: string): ts.ScriptKind {
  const lower = path.toLowerCase();
  if (lower.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (lower.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (lower.endsWith('.js') || lower.endsWith('.mjs') || lower.endsWith('.cjs')) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Parser only: parent pointers set so shapes can look at a node's statement. */
export function parse(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindOf(path));
}

/**
 * The parser's own diagnostics. `parseDiagnostics` is not in the public typings, but it is what
 * `program.getSyntacticDiagnostics` returns for a TS file; reading it avoids building a program.
 */
export function parseDiagnosticsOf(sourceFile: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
  const { parseDiagnostics } = sourceFile as unknown as { parseDiagnostics?: readonly ts.DiagnosticWithLocation[] };
  return parseDiagnostics ?? [];
}

const triviaKinds = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.WhitespaceTrivia,
  ts.SyntaxKind.NewLineTrivia,
  ts.SyntaxKind.SingleLineCommentTrivia,
  ts.SyntaxKind.MultiLineCommentTrivia,
]);

/**
 * Whether [start, end) of `text` holds only whitespace and comments, plus at most one of the
 * `separators` tokens (a `;` or `,` left after a declaration).
 */
export function isTrivia(text: string, start: number, end: number, separators: readonly ts.SyntaxKind[] = []): boolean {
  if (end <= start) return true;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text, undefined, start, end - start);
  let separatorSeen = false;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (triviaKinds.has(token)) continue;
    if (!separatorSeen && separators.includes(token)) {
      separatorSeen = true;
      continue;
    }
    return false;
  }
  return true;
}
