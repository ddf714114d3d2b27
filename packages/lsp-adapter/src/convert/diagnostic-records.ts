import type { DiagnosticCategory, DiagnosticRecord, LineIndex } from '@mcp-lsp-bridge/domain';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { spanOfRange } from './ranges.js';

/** LSP's `DiagnosticSeverity` (1 error … 4 hint) as a category. Unknown values count as errors. */
export function categoryFromLspSeverity(severity: number | undefined): DiagnosticCategory {
  switch (severity) {
    case 2:
      return 'warning';
    case 3:
      return 'message';
    case 4:
      return 'suggestion';
    default:
      return 'error';
  }
}

/** tsserver's category names (`"warning"`, …) as a category; anything else is an error. */
export function categoryFromTsserver(category: string | undefined): DiagnosticCategory {
  switch (category) {
    case 'warning':
      return 'warning';
    case 'suggestion':
      return 'suggestion';
    case 'message':
      return 'message';
    default:
      return 'error';
  }
}

/**
 * An LSP diagnostic of `path` as the port reports it. A TypeScript server's numeric string code
 * (`"2304"`) becomes a number (TypeScript's `TS2304`); another checker's code stays its own, as a
 * string, and one without a code (gopls's and pyright's syntax errors) has none: never `TS0`.
 */
export function diagnosticRecordOf(path: string, lines: LineIndex, diagnostic: Diagnostic, typescript = true): DiagnosticRecord {
  const code = typescript ? (diagnostic.code ?? 0) : diagnostic.code === undefined ? '' : String(diagnostic.code);
  return {
    path,
    ...spanOfRange(lines, diagnostic.range),
    category: categoryFromLspSeverity(diagnostic.severity),
    code: typeof code === 'string' && typescript && /^\d+$/.test(code) ? Number(code) : code,
    // LSP 3.18 allows a markdown message; the text is what a reader sees either way.
    message: typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value,
  };
}
