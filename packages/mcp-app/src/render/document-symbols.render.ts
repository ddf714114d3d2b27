import type { DocumentSymbolItem, DocumentSymbolsResult } from '@mcp-lsp-bridge/domain';
import { lineRange, plural } from './text.js';

const MAX_LINES = 500;

/** An indented tree, one symbol a line: `method add  L3-5  method:src/calc.ts:Calculator.add`. */
export function renderDocumentSymbols(result: DocumentSymbolsResult): string {
  if (result.symbols.length === 0) return `${result.filePath} declares no symbols.`;
  const lines = [`${plural(result.totalCount, 'symbol')} in ${result.filePath}`];
  const visit = (symbols: readonly DocumentSymbolItem[], depth: number): void => {
    for (const s of symbols) {
      if (lines.length > MAX_LINES) return;
      const overloads = s.overloads === undefined ? '' : ` (${s.overloads} overloads)`;
      const id = s.nodeId === undefined ? '' : `  ${s.nodeId}`;
      lines.push(`${'  '.repeat(depth)}${s.kind} ${s.name}${overloads}  ${lineRange(s.line, s.endLine)}${id}`);
      if (s.children) visit(s.children, depth + 1);
    }
  };
  visit(result.symbols, 0);
  const shown = lines.length - 1;
  const listed = countItems(result.symbols);
  if (shown < listed) lines.push(`… ${listed - shown} more in structuredContent.symbols.`);
  if (result.truncated) lines.push(`The outline is too large for one answer: ${result.totalCount - listed} later symbols are not listed.`);
  return lines.join('\n');
}

function countItems(symbols: readonly DocumentSymbolItem[]): number {
  return symbols.reduce((count, s) => count + 1 + countItems(s.children ?? []), 0);
}
