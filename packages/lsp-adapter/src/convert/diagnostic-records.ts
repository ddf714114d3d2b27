import type { DiagnosticCategory, DiagnosticRecord, LineIndex } from '@mcp-lsp-bridge/domain';
import type { Diagnostic } from 'vscode-languageserver-protocol/node.js';
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

/** An LSP diagnostic of `path` as the port reports it; a numeric string code (`"2304"`) becomes a number. */
export function diagnosticRecordOf(path: string, lines: LineIndex, diagnostic: Diagnostic): DiagnosticRecord {
  const code = diagnostic.code ?? 0;
  return {
    path,
    ...spanOfRange(lines, diagnostic.range),
    category: categoryFromLspSeverity(diagnostic.severity),
    code: typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : code,
    message: diagnostic.message,
  };
}
