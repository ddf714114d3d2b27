import type { WorkspaceSymbolsResult } from '@mcp-lsp-bridge/domain/front';
import { alignRows, cell } from './columns.js';
import { plural, type Formatter } from './formatter.js';

/** One line per symbol, best match first: `kind name  path:line:col  nodeId`, the columns aligned. */
export function formatSearch(result: WorkspaceSymbolsResult, out: Formatter): string[] {
  const { style } = out;
  const rows = result.symbols.map((s) => [
    cell(s.kind, style.dim),
    cell(s.name, style.bold),
    { plain: `${out.path(s.filePath)}:${s.line}:${s.column}`, shown: out.location(s.filePath, s.line, s.column) },
    cell(s.nodeId ?? (s.containerName === undefined ? '' : `in ${s.containerName}`), style.dim),
  ]);
  const shown = result.truncated ? `; showing the first ${result.symbols.length} (pass --limit to see more)` : '';
  const atLeast = result.totalCountIsLowerBound === true ? 'at least ' : '';
  const narrow = result.totalCountIsLowerBound === true ? '; a longer query or --kind counts them all and may find better matches' : '';
  const summary = style.bold(`${atLeast}${plural(result.totalCount, 'symbol')} matching "${result.query}"${shown}${narrow}`);
  return [...alignRows(rows, [' ']), ...(rows.length > 0 ? [''] : []), summary];
}
