import { describePublicApi, type RenameSymbolResult } from '@mcp-lsp-bridge/domain/front';
import { plural, trimSnippet } from './text.js';

/** Lists every file written, so the agent knows to re-read them before editing. */
export function renderRename(result: RenameSymbolResult): string {
  const counts = `${plural(result.totalChanges, 'change')} in ${plural(result.filesModified.length, 'file')}`;
  const lines = [
    result.applied
      ? `Renamed ${result.oldName} to ${result.newName}: ${counts}. These files were changed on disk; re-read them before editing them:`
      : `Dry run: renaming ${result.oldName} to ${result.newName} would make ${counts}; nothing was written:`,
  ];
  for (const file of result.filesModified) {
    lines.push(`${file.filePath} (${plural(file.changeCount, 'change')})`);
    for (const change of file.changes) lines.push(`  ${change.line}: ${trimSnippet(change.newText)}`);
  }
  if (result.rebuild !== undefined && result.rebuild.length > 0) {
    lines.push(
      `Build again before its consumers type-check against the new name (their build output still has the old one): ${result.rebuild.join(', ')}`,
    );
  }
  if (result.publicApi !== undefined && result.publicApi.length > 0) {
    lines.push(`Public API changed; importers outside this workspace must change too: ${describePublicApi(result.publicApi)}`);
  }
  return lines.join('\n');
}
