import type { BridgeError, FileFailureItem, LineChange } from '@mcp-lsp-bridge/domain/front';

const SNIPPET_WIDTH = 100;

/** One line of code shortened for an agent: indentation dropped, lines longer than `width` cut around the column. */
export function trimSnippet(snippet: string, column = 1, width = SNIPPET_WIDTH): string {
  const chars = Array.from(snippet);
  let start = 0;
  while (start < chars.length && (chars[start] === ' ' || chars[start] === '\t')) start++;
  const end = chars.length;
  if (end - start <= width) return chars.slice(start, end).join('');
  const from = Math.max(start, Math.min(column - 1 - Math.floor(width * 0.3), end - width));
  const to = Math.min(end, from + width);
  return `${from > start ? '…' : ''}${chars.slice(from, to).join('')}${to < end ? '…' : ''}`;
}

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/** `L3` for one line, `L3-9` for a range. */
export function lineRange(line: number, endLine: number): string {
  return endLine > line ? `L${line}-${endLine}` : `L${line}`;
}

export function renderFailures(failures: readonly FileFailureItem[] | undefined): string[] {
  if (!failures || failures.length === 0) return [];
  return [
    `${plural(failures.length, 'file')} could not be processed (results from them are missing):`,
    ...failures.map((f) => `  ${f.filePath}: ${f.reason}`),
  ];
}

export function renderError(error: BridgeError): string {
  return `Error ${error.code}: ${error.message}\nResolution: ${error.resolution}`;
}

/** Groups items by file path, keeping the order in which paths first appear. */
export function groupByFile<T extends { readonly filePath: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.filePath) ?? [];
    list.push(item);
    groups.set(item.filePath, list);
  }
  return groups;
}

/**
 * The new text of changed lines (or runs of lines), each line numbered as it is in the new file,
 * indentation kept (it is what formatting and inserted code are about): `  12:     return 1;`.
 */
export function newLines(changes: readonly LineChange[]): string[] {
  let delta = 0;
  const out: string[] = [];
  for (const change of [...changes].sort((a, b) => a.line - b.line)) {
    const lines = change.newText.split('\n');
    lines.forEach((line, i) =>
      out.push(
        `  ${change.line + delta + i}: ${Array.from(line).length > SNIPPET_WIDTH ? `${Array.from(line).slice(0, SNIPPET_WIDTH).join('')}…` : line}`,
      ),
    );
    delta += lines.length - change.oldText.split('\n').length;
  }
  return out;
}
