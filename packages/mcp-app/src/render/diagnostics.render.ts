import type { CompilerItem, DiagnosticItem, GetDiagnosticsResult } from '@mcp-lsp-bridge/domain';
import { plural, renderFailures, trimSnippet } from './text.js';

const MAX_LINES = 500;
const MAX_MESSAGE = 300;

export function renderDiagnostics(result: GetDiagnosticsResult): string {
  const files = new Set(result.diagnostics.map((d) => d.filePath)).size;
  const lines = [
    `${plural(result.errorCount, 'error')}, ${plural(result.warningCount, 'warning')}, ${result.infoCount} info, ` +
      `${plural(result.hintCount, 'hint')} in ${plural(files, 'file')}`,
    ...renderCompilers(result),
  ];
  for (const d of result.diagnostics.slice(0, MAX_LINES)) lines.push(...renderDiagnosticItem(d));
  if (result.diagnostics.length > MAX_LINES) {
    lines.push(`… ${result.diagnostics.length - MAX_LINES} more in structuredContent.diagnostics (pass filePath to narrow).`);
  }
  lines.push(...renderFailures(result.failures));
  return lines.join('\n');
}

/** One line naming the compiler that answered (each, with its projects, when several did), and why when it was not the project's own. */
export function renderCompilers(result: GetDiagnosticsResult): string[] {
  const { compiler, compilers } = result;
  if (compilers !== undefined && compilers.length > 1) {
    return [`compilers: ${compilers.map((c) => `${compilerText(c)} for ${(c.projects ?? []).join(', ')}`).join('; ')}`];
  }
  return compiler === undefined ? [] : [`compiler: ${compilerText(compiler)}`];
}

function compilerText(c: CompilerItem): string {
  return `typescript ${c.version} (${c.source}, ${c.path})${c.note === undefined ? '' : ` — ${c.note}`}`;
}

/** `path:line:col severity code message` on one line, and for an error the code line under it. */
export function renderDiagnosticItem(d: DiagnosticItem): string[] {
  const message = d.message.replace(/\s*\n\s*/g, ' ');
  const shown = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  const line = `${d.filePath}:${d.line}:${d.column} ${d.severity} ${d.code} ${shown}`;
  return d.severity === 'error' ? [line, `  ${trimSnippet(d.codeSnippet, d.column)}`] : [line];
}
