import type { CodeActionsResult } from '@mcp-lsp-bridge/domain/front';
import { formatDiagnostic } from './diagnostics.format.js';
import { plural, type Formatter } from './formatter.js';
import { changedLines } from './changed-lines.js';

/** A listing: each action, then its id; an applied action: its changed lines, then the errors it fixed and added. */
export function formatCodeActions(result: CodeActionsResult, out: Formatter): string[] {
  const { style } = out;
  if ('actions' in result) {
    if (result.actions.length === 0) return [`No code actions in ${out.path(result.filePath)} there.`];
    const lines = result.actions.flatMap((action) => {
      const facts = [
        action.kind,
        action.code,
        action.line === undefined ? undefined : `line ${action.line}`,
        action.preferred ? 'preferred' : undefined,
      ];
      return [`${style.bold(action.title)}  ${style.dim(facts.filter((f) => f !== undefined).join(', '))}`, `  --apply '${action.id}'`];
    });
    return [
      ...lines,
      ...(result.truncated === true ? ['More actions were offered; pass a line, --code or --kind to narrow.'] : []),
      ...(result.clientOnly === undefined ? [] : [`Only an editor can run: ${result.clientOnly.join('; ')}`]),
    ];
  }
  const lines = result.filesModified.flatMap((file) => file.changes.flatMap((change) => changedLines(file.filePath, change, out)));
  const counts = `${plural(result.totalChanges, 'change')} in ${plural(result.filesModified.length, 'file')}`;
  return [
    ...lines,
    ...(lines.length > 0 ? [''] : []),
    ...result.introducedDiagnostics.flatMap((d) => formatDiagnostic(d, out)),
    style.bold(
      result.filesModified.length === 0
        ? `"${result.title}" changes nothing; nothing was written.`
        : result.applied
          ? `Applied "${result.title}": ${counts}, written to disk.`
          : `Dry run: "${result.title}" would make ${counts}; nothing was written.`,
    ),
    ...(result.fixedDiagnostics.length > 0 ? [`It fixes ${plural(result.fixedDiagnostics.length, 'error')}.`] : []),
    result.introducedDiagnostics.length === 0
      ? 'It adds no errors.'
      : style.warning(`It adds ${plural(result.introducedDiagnostics.length, 'error')} (above).`),
  ];
}
