import type { FormatFileResult } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';
import { changedLines } from './changed-lines.js';

/** Each changed line as `path:line  - old` / `path:line  + new`, then what was written. */
export function formatFormatFile(result: FormatFileResult, out: Formatter): string[] {
  const { style } = out;
  const lines = result.changes.flatMap((change) => changedLines(result.filePath, change, out));
  const file = out.path(result.filePath);
  const changed = plural(result.changes.length, 'line');
  return [
    ...lines,
    ...(lines.length > 0 ? [''] : []),
    style.bold(
      result.changeCount === 0
        ? `${file} is formatted already; nothing was written.`
        : result.applied
          ? `Formatted ${file}: ${changed} changed, written to disk.`
          : `Dry run: formatting ${file} would change ${changed}; nothing was written.`,
    ),
  ];
}
