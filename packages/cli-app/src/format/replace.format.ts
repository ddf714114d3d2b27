import type { ReplaceSymbolBodyResult } from '@mcp-lsp-bridge/domain/front';
import { formatDiagnostic } from './diagnostics.format.js';
import { plural, type Formatter } from './formatter.js';
import { lineRange } from './outline.format.js';

/**
 * The diagnostics the edit introduced (tsc's layout), then what was replaced and written:
 * `Replaced the body of Calculator.add at src/calc.ts:5-9: 3 lines removed, 4 added, written to disk.`
 */
export function formatReplace(result: ReplaceSymbolBodyResult, out: Formatter): string[] {
  const { style } = out;
  const introduced = result.introducedDiagnostics;
  const what = result.mode === 'replace-body' ? 'the body of' : 'the declaration of';
  const where = `${out.style.path(out.path(result.filePath))}${style.separator(':')}${style.number(lineRange(result.line, result.endLine))}`;
  const id = result.nodeId === undefined ? '' : ` (${result.nodeId})`;
  const counts = (['error', 'warning', 'info', 'hint'] as const)
    .map((severity) => [severity, introduced.filter((d) => d.severity === severity).length] as const)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => (severity === 'info' ? `${count} info` : plural(count, severity)));
  return [
    ...introduced.flatMap((d) => formatDiagnostic(d, out)),
    ...(introduced.length > 0 ? [''] : []),
    style.bold(
      result.applied
        ? `Replaced ${what} ${result.symbolName}${id} at ${where}: ${plural(result.linesRemoved, 'line')} removed, ${result.linesAdded} added, written to disk.`
        : `Dry run: would replace ${what} ${result.symbolName}${id} at ${where}: ${plural(result.linesRemoved, 'line')} removed, ${result.linesAdded} added; nothing was written.`,
    ),
    result.diagnosticsUnavailable !== undefined
      ? style.warning(result.diagnosticsUnavailable)
      : introduced.length === 0
        ? `The edit ${result.applied ? 'introduced' : 'would introduce'} no diagnostics.`
        : style.warning(`The edit ${result.applied ? 'introduced' : 'would introduce'} ${counts.join(', ')} (above).`),
  ];
}
