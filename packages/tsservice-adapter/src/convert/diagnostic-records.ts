import type { DiagnosticCategory, DiagnosticRecord } from '@mcp-lsp-bridge/domain';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

export function categoryOf(api: TypeScriptApi, category: ts.DiagnosticCategory): DiagnosticCategory {
  switch (category) {
    case api.DiagnosticCategory.Warning:
      return 'warning';
    case api.DiagnosticCategory.Message:
      return 'message';
    case api.DiagnosticCategory.Suggestion:
      return 'suggestion';
    default:
      return 'error';
  }
}

/** A file-attached diagnostic of `api`'s compiler as the port reports it; global ones (no file or start) are dropped. */
export function toDiagnosticRecord(
  api: TypeScriptApi,
  diagnostic: ts.Diagnostic,
  realPath: (file: string) => string,
): DiagnosticRecord | undefined {
  if (diagnostic.file === undefined || diagnostic.start === undefined) return undefined;
  return {
    path: realPath(diagnostic.file.fileName),
    start: diagnostic.start,
    length: diagnostic.length ?? 0,
    category: categoryOf(api, diagnostic.category),
    code: diagnostic.code,
    message: api.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  };
}
