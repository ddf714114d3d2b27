import type { DiagnosticCategory, DiagnosticRecord, SourceSpan } from '@mcp-lsp-bridge/domain';
import ts from 'typescript';

export function categoryOf(category: ts.DiagnosticCategory): DiagnosticCategory {
  switch (category) {
    case ts.DiagnosticCategory.Warning:
      return 'warning';
    case ts.DiagnosticCategory.Message:
      return 'message';
    case ts.DiagnosticCategory.Suggestion:
      return 'suggestion';
    default:
      return 'error';
  }
}

/** A file-attached diagnostic as the port reports it; global ones (no file or start) are dropped. */
export function toDiagnosticRecord(diagnostic: ts.Diagnostic, realPath: (file: string) => string): DiagnosticRecord | undefined {
  if (diagnostic.file === undefined || diagnostic.start === undefined) return undefined;
  return {
    path: realPath(diagnostic.file.fileName),
    start: diagnostic.start,
    length: diagnostic.length ?? 0,
    category: categoryOf(diagnostic.category),
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  };
}

export function spanKey(span: { readonly path: string; readonly start: number }): string {
  return `${span.path}\0${span.start}`;
}

/** Keeps the first of spans with the same path and start. */
export function dedupeSpans<T extends SourceSpan>(spans: Iterable<T>): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const span of spans) {
    const key = spanKey(span);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(span);
  }
  return out;
}
