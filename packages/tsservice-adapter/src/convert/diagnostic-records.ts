import type { DiagnosticCategory, DiagnosticRecord } from '@mcp-lsp-bridge/domain';
import ts = require('typescript');

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
