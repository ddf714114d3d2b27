import type { DiagnosticItem, GetDiagnosticsResult } from '@mcp-lsp-bridge/domain';
import { plural, renderFailures, trimSnippet } from './text.js';

const MAX_LINES = 500;
const MAX_MESSAGE = 300;

export function renderDiagnostics(result: GetDiagnosticsResult): string {
  const files = new Set(result.diagnostics.map((d) => d.filePath)).size;
  const lines = [
    `${plural(result.errorCount, 'error')}, ${plural(result.warningCount, 'warning')}, ${result.infoCount} info, ` +
      `${plural(result.hintCount, 'hint')} in ${plural(files, 'file')}`,
  ];
  for (const d of result.diagnostics.slice(0, MAX_LINES)) lines.push(...renderDiagnosticItem(d));
  if (result.diagnostics.length > MAX_LINES) {
    lines.push(`… ${result.diagnostics.length - MAX_LINES} more in structuredContent.diagnostics (pass filePath to narrow).`);
  }
  lines.push(...renderFailures(result.failures));
  return lines.join('\n');
}

/** `path:line:col severity code message` on one line, and for an error the code line under it. */
export function renderDiagnosticItem(d: DiagnosticItem): string[] {
  const message = d.message.replace(/\s*\n\s*/g, ' ');
  const shown = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  const line = `${d.filePath}:${d.line}:${d.column} ${d.severity} ${d.code} ${shown}`;
  return d.severity === 'error' ? [line, `  ${trimSnippet(d.codeSnippet, d.column)}`] : [line];
}
