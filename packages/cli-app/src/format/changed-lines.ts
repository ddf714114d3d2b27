import type { LineChange } from '@mcp-lsp-bridge/domain/front';
import type { Formatter } from './formatter.js';
import { snippet } from './snippet.js';

/**
 * A changed line (or run of lines: an edit across line breaks) as `path:line  - old` lines, then
 * `path:line  + new` lines, each numbered: what a diff shows.
 */
export function changedLines(filePath: string, change: LineChange, out: Formatter): string[] {
  const { style } = out;
  const shown = (text: string, sign: '-' | '+', paint: (s: string) => string): string[] =>
    text.split('\n').map((line, i) => `${out.location(filePath, change.line + i)}  ${paint(`${sign} ${snippet(line, 1, 0, style)}`)}`);
  return [...shown(change.oldText, '-', style.removed), ...shown(change.newText, '+', style.added)];
}
