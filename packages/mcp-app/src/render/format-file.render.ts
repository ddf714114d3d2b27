import type { FormatFileResult } from '@mcp-lsp-bridge/domain/front';
import { newLines, plural } from './text.js';

/** What the formatter changed, line by line, and whether it was written. */
export function renderFormatFile(result: FormatFileResult): string {
  const changed = plural(result.changes.length, 'line');
  const lines = [
    result.changeCount === 0
      ? `${result.filePath} is formatted already; nothing was written.`
      : result.applied
        ? `Formatted ${result.filePath}: ${changed} changed on disk; re-read it before editing it:`
        : `Dry run: formatting ${result.filePath} would change ${changed}; nothing was written:`,
  ];
  lines.push(...newLines(result.changes));
  if (result.truncated === true) lines.push('More lines changed than one answer lists.');
  return lines.join('\n');
}
