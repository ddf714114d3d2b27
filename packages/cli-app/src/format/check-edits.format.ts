import type { CheckEditsResult, DiagnosticItem } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';
import { snippet } from './snippet.js';

/** The errors the edits add (then remove), grep-style, and a summary: what changed, and whether it was written. */
export function formatCheckEdits(result: CheckEditsResult, out: Formatter): string[] {
  const { style } = out;
  if (result.files.length === 0) return [style.bold('The edits change nothing.')];
  const item = (d: DiagnosticItem): string =>
    `${out.location(d.filePath, d.line, d.column)}  ${style.error(d.code)} ${d.message}\n    ${snippet(d.codeSnippet, d.column, 1, style)}`;
  const lines = [
    ...(result.errorsAdded.length > 0 ? [style.bold('Added:'), ...result.errorsAdded.map(item)] : []),
    ...(result.errorsRemoved.length > 0 ? [style.bold('Removed:'), ...result.errorsRemoved.map(item)] : []),
    ...(result.notChecked ?? []).map(
      (f) => `${style.dim('not checked')} ${style.path(out.path(f.filePath))}${style.separator(':')} ${f.reason}`,
    ),
  ];
  const written = result.applied
    ? 'written'
    : result.notApplied !== undefined
      ? `not written: ${result.notApplied}`
      : 'not written (--apply writes them)';
  const summary =
    `${plural(result.errorsAdded.length, 'error')} added, ${result.errorsRemoved.length} removed in ${plural(result.filesChecked, 'file')} checked; ` +
    `${plural(result.files.length, 'file')} edited, ${written}`;
  return [...lines, ...(lines.length > 0 ? [''] : []), style.bold(summary)];
}
