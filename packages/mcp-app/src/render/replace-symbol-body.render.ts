import type { ReplaceSymbolBodyResult } from '@mcp-lsp-bridge/domain/front';
import { renderDiagnosticItem } from './diagnostics.render.js';
import { lineRange, plural } from './text.js';

/** What was written and where it is now, then the diagnostics the edit introduced (or that there are none). */
export function renderReplaceSymbolBody(result: ReplaceSymbolBodyResult): string {
  const what = result.mode === 'replace-body' ? 'the body of' : 'the declaration of';
  const change =
    `${what} ${result.symbolName} in ${result.filePath}, ${result.applied ? 'now' : 'would be'} ${lineRange(result.line, result.endLine)} ` +
    `(${plural(result.linesRemoved, 'line')} removed, ${result.linesAdded} added)` +
    (result.nodeId === undefined ? '.' : `; nodeId ${result.nodeId}.`);
  const lines = [
    result.applied
      ? `Replaced ${change} The file was changed on disk; re-read it before editing it.`
      : `Dry run: would replace ${change} Nothing was written.`,
  ];
  const introduced = result.introducedDiagnostics;
  if (result.diagnosticsUnavailable !== undefined) lines.push(result.diagnosticsUnavailable);
  else if (introduced.length === 0) lines.push('No new diagnostics.');
  else {
    lines.push(`${plural(introduced.length, 'new diagnostic')}:`);
    for (const d of introduced) lines.push(...renderDiagnosticItem(d));
  }
  return lines.join('\n');
}
