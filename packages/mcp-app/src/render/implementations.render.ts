import type { FindImplementationsResult } from '@mcp-lsp-bridge/domain/front';
import { plural, trimSnippet } from './text.js';

/** `2 implementations of Shape`, then `path:line:col snippet  nodeId` by path, line, column. */
export function renderImplementations(result: FindImplementationsResult): string {
  if (result.implementations.length === 0) return `No implementations of ${result.symbolName} found.`;
  const lines = [
    `${plural(result.totalCount, 'implementation')} of ${result.symbolName}` +
      (result.truncated ? `; showing the first ${result.implementations.length} (truncated: pass a larger limit to see more)` : ''),
  ];
  for (const i of result.implementations) {
    lines.push(
      `${i.filePath}:${i.line}:${i.column} ${trimSnippet(i.codeSnippet, i.column)}${i.nodeId === undefined ? '' : `  ${i.nodeId}`}`,
    );
  }
  return lines.join('\n');
}
