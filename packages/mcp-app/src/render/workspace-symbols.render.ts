import type { WorkspaceSymbolsResult } from '@mcp-lsp-bridge/domain/front';
import { plural } from './text.js';

/** Best match first, one a line: `function parseConfig  src/config.ts:12:17  function:src/config.ts:parseConfig`. */
export function renderWorkspaceSymbols(result: WorkspaceSymbolsResult): string {
  if (result.symbols.length === 0) return `No symbols match "${result.query}". Try a shorter part of the name, or fewer kinds.`;
  const count = `${result.totalCountIsLowerBound === true ? 'at least ' : ''}${plural(result.totalCount, 'symbol')}`;
  const lines = [
    `${count} matching "${result.query}"` +
      (result.truncated ? `; showing the best ${result.symbols.length} (pass a larger limit or kinds to see more)` : '') +
      (result.totalCountIsLowerBound === true ? '; a longer query or kinds counts them all and may find better matches' : ''),
  ];
  for (const s of result.symbols) {
    const id = s.nodeId ?? (s.containerName === undefined || s.containerName === '' ? '' : `in ${s.containerName}`);
    lines.push(`${s.kind} ${s.name}  ${s.filePath}:${s.line}:${s.column}${id === '' ? '' : `  ${id}`}`);
  }
  return lines.join('\n');
}
