import { describePublicApi, type RenameSymbolResult } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';
import { snippet } from './snippet.js';

/** Each changed line as `path:line  - old` / `path:line  + new`, then what was written. */
export function formatRename(result: RenameSymbolResult, out: Formatter): string[] {
  const { style } = out;
  const lines: string[] = [];
  for (const file of result.filesModified) {
    for (const change of file.changes) {
      const where = out.location(file.filePath, change.line);
      lines.push(`${where}  ${style.removed(`- ${snippet(change.oldText, 1, 0, style)}`)}`);
      lines.push(`${where}  ${style.added(`+ ${snippet(change.newText, 1, 0, style)}`)}`);
    }
  }
  return [
    ...lines,
    '',
    style.bold(
      result.applied
        ? `Renamed ${result.oldName} to ${result.newName}: ${plural(result.totalChanges, 'change')} in ${plural(result.filesModified.length, 'file')}, written to disk.`
        : `Dry run: renaming ${result.oldName} to ${result.newName} would make ${plural(result.totalChanges, 'change')} in ${plural(result.filesModified.length, 'file')}; nothing was written.`,
    ),
    ...(result.rebuild !== undefined && result.rebuild.length > 0
      ? [`Build again before their consumers type-check against the new name: ${result.rebuild.join(', ')}`]
      : []),
    ...(result.publicApi !== undefined && result.publicApi.length > 0
      ? [`Public API changed; importers outside this workspace must change too: ${describePublicApi(result.publicApi)}`]
      : []),
  ];
}
