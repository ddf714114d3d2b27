import type { FindImplementationsResult } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';
import { identifierLength, snippet } from './snippet.js';

/** `path:line:col  snippet  nodeId` per implementation, by path, then `2 implementations of Shape in 2 files`. */
export function formatImplementations(result: FindImplementationsResult, out: Formatter): string[] {
  const { style } = out;
  const lines = result.implementations.map((item) => {
    const code = snippet(item.codeSnippet, item.column, identifierLength(item.codeSnippet, item.column), style);
    return `${out.location(item.filePath, item.line, item.column)}  ${code}${item.nodeId === undefined ? '' : `  ${style.dim(item.nodeId)}`}`;
  });
  const files = new Set(result.implementations.map((item) => item.filePath)).size;
  const shown = result.truncated ? `; showing the first ${result.implementations.length} (pass --limit to see more)` : '';
  return [
    ...lines,
    ...(lines.length > 0 ? [''] : []),
    style.bold(
      `${plural(result.totalCount, 'implementation')} of ${result.symbolName}${files > 0 ? ` in ${plural(files, 'file')}` : ''}${shown}`,
    ),
  ];
}
