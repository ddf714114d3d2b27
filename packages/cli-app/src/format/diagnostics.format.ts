import { describeCompiler, type DiagnosticItem, type GetDiagnosticsResult, type Severity } from '@mcp-lsp-bridge/domain/front';
import { formatFailures } from './failures.format.js';
import { plural, type Formatter } from './formatter.js';
import { snippet } from './snippet.js';

/**
 * tsc's layout: `path:line:col - error TS2322: message`, the line of code under errors
 * and warnings with the range highlighted, then `Found 2 errors, … in 1 file.` (every
 * diagnostic found, and how many of them --severity left out).
 */
export function formatDiagnostics(result: GetDiagnosticsResult, out: Formatter): string[] {
  const lines = result.diagnostics.flatMap((d) => formatDiagnostic(d, out));
  const files = result.fileCount;
  const counts =
    `${plural(result.errorCount, 'error')}, ${plural(result.warningCount, 'warning')}, ${result.infoCount} info, ` +
    `${plural(result.hintCount, 'hint')}${files > 0 ? ` in ${plural(files, 'file')}` : ''}`;
  const found = result.errorCount + result.warningCount + result.infoCount + result.hintCount;
  const unlisted = found - result.diagnostics.length;
  const filtered = unlisted > 0 ? [`${plural(unlisted, 'diagnostic')} of other severities not listed (--severity).`] : [];
  return [
    ...lines,
    ...(lines.length > 0 ? [''] : []),
    // tsc's last line stays last: the compiler is named just above it.
    ...formatCompilers(result, out),
    out.style.bold(`Found ${counts}.`),
    ...filtered,
    ...formatFailures(result.failures, out),
  ];
}

/** `Compiler: typescript 6.0.3 (workspace, /path)`, each compiler with its projects when several answered, and why one is not the project's own. */
export function formatCompilers(result: GetDiagnosticsResult, out: Formatter): string[] {
  const several = result.compilers !== undefined && result.compilers.length > 1 ? result.compilers : undefined;
  if (several !== undefined) {
    return several.map((c) => out.style.dim(`Compiler: ${describeCompiler(c)} for ${(c.projects ?? []).join(', ')}`));
  }
  return result.compiler === undefined ? [] : [out.style.dim(`Compiler: ${describeCompiler(result.compiler)}`)];
}

export function formatDiagnostic(d: DiagnosticItem, out: Formatter): string[] {
  const { style } = out;
  const paint: Record<Severity, (text: string) => string> = {
    error: style.error,
    warning: style.warning,
    info: style.info,
    hint: style.hint,
  };
  const message = d.message.replace(/\n/g, '\n    ');
  const head = `${out.location(d.filePath, d.line, d.column)} - ${paint[d.severity](d.severity)}${d.code === '' ? '' : ` ${style.dim(d.code)}`}: ${message}`;
  if ((d.severity !== 'error' && d.severity !== 'warning') || d.codeSnippet.trim() === '') return [head];
  const length = d.endLine === d.line ? d.endColumn - d.column : Array.from(d.codeSnippet).length - d.column + 1;
  return [head, `    ${snippet(d.codeSnippet, d.column, length, style)}`];
}
