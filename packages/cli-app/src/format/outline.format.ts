import type { DocumentSymbolItem, DocumentSymbolsResult } from '@mcp-lsp-bridge/domain/front';
import { alignRows, cell, type Cell } from './columns.js';
import { plural, type Formatter } from './formatter.js';

/**
 * The file's symbols as an indented tree, one per line: `kind name  lines  nodeId`, the
 * columns aligned, then `12 symbols in src/calc.ts` (every symbol of the file, and how many
 * --depth or --kind left out).
 */
export function formatOutline(result: DocumentSymbolsResult, out: Formatter): string[] {
  const { style } = out;
  const rows: Cell[][] = [];
  const visit = (items: readonly DocumentSymbolItem[], depth: number): void => {
    for (const item of items) {
      const indent = '  '.repeat(depth);
      const overloads = item.overloads === undefined ? '' : ` (${item.overloads} overloads)`;
      const label = {
        plain: `${indent}${item.kind} ${item.name}${overloads}`,
        shown: `${indent}${style.dim(item.kind)} ${style.bold(item.name)}${overloads}`,
      };
      rows.push([label, cell(lineRange(item.line, item.endLine), style.number), cell(item.nodeId ?? '', style.dim)]);
      visit(item.children ?? [], depth + 1);
    }
  };
  visit(result.symbols, 0);
  const left = result.totalCount - rows.length;
  const summary = style.bold(
    `${plural(result.totalCount, 'symbol')} in ${out.path(result.filePath)}${left > 0 ? `; ${left} left out by --depth or --kind` : ''}`,
  );
  return [...alignRows(rows), ...(rows.length > 0 ? [''] : []), summary];
}

/** `5-9`, or `5` for a declaration on one line. */
export function lineRange(line: number, endLine: number): string {
  return endLine > line ? `${line}-${endLine}` : String(line);
}
