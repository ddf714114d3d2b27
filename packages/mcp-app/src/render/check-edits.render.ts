import type { CheckEditsResult, DiagnosticItem } from '@mcp-lsp-bridge/domain/front';
import { plural, trimSnippet } from './text.js';

/** What the edits change, the errors they add (then remove), and whether they were written. */
export function renderCheckEdits(result: CheckEditsResult): string {
  if (result.files.length === 0) return 'The edits change nothing.';
  const changed = result.files.map((f) => `${f.filePath} L${f.startLine} (-${f.linesRemoved} +${f.linesAdded})`).join(', ');
  const lines = [
    `${plural(result.errorsAdded.length, 'error')} added, ${result.errorsRemoved.length} removed, in ${plural(result.filesChecked, 'file')} checked; ${changed}.`,
  ];
  if (result.errorsAdded.length > 0) lines.push('Added:', ...result.errorsAdded.map(item));
  if (result.errorsRemoved.length > 0) lines.push('Removed:', ...result.errorsRemoved.map(item));
  for (const f of result.notChecked ?? []) lines.push(`Not checked: ${f.filePath}: ${f.reason}`);
  lines.push(
    result.applied
      ? 'Written. These files were changed on disk; re-read them before editing them.'
      : result.notApplied !== undefined
        ? `Not written: ${result.notApplied}.`
        : 'Nothing was written (apply writes the edits when they add no error).',
  );
  return lines.join('\n');
}

function item(d: DiagnosticItem): string {
  return `  ${d.filePath}:${d.line}:${d.column} ${d.code} ${d.message}\n    ${trimSnippet(d.codeSnippet, d.column)}`;
}
