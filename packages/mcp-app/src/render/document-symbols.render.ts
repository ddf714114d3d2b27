import {
  isLocalDeclaration,
  type DocumentSymbolItem,
  type DocumentSymbolsInput,
  type DocumentSymbolsResult,
} from '@mcp-lsp-bridge/domain/front';
import { lineRange, plural } from './text.js';

const MAX_LINES = 500;

/**
 * An indented tree, one symbol a line: `method add  L3-5  method:src/calc.ts:Calculator.add`.
 * Unless the call named kinds, locals (constants and variables inside functions, and what
 * they contain) are left out and counted; so are the symbols `depth` or `kinds` left out.
 */
export function renderDocumentSymbols(result: DocumentSymbolsResult, args: Partial<DocumentSymbolsInput> = {}): string {
  if (result.totalCount === 0) return `${result.filePath} declares no symbols.`;
  const showLocals = args.kinds !== undefined;
  const header = `${plural(result.totalCount, 'symbol')} in ${result.filePath}`;
  const lines = [header];
  let inTree = 0;
  let locals = 0;
  const count = (items: readonly DocumentSymbolItem[]): number => items.reduce((n, s) => n + 1 + count(s.children ?? []), 0);
  const visit = (symbols: readonly DocumentSymbolItem[], depth: number, parent: DocumentSymbolItem | undefined): void => {
    for (const s of symbols) {
      const size = 1 + count(s.children ?? []);
      if (!showLocals && isLocalDeclaration(s.kind, parent?.kind)) {
        inTree += size;
        locals += size;
        continue;
      }
      if (lines.length > MAX_LINES) {
        inTree += size;
        continue;
      }
      inTree++;
      const overloads = s.overloads === undefined ? '' : ` (${s.overloads} overloads)`;
      const id = s.nodeId === undefined ? '' : `  ${s.nodeId}`;
      lines.push(`${'  '.repeat(depth)}${s.kind} ${s.name}${overloads}  ${lineRange(s.line, s.endLine)}${id}`);
      if (s.children) visit(s.children, depth + 1, s);
    }
  };
  visit(result.symbols, 0, undefined);
  const notes: string[] = [];
  if (locals > 0) notes.push(`${plural(locals, 'local')} (constants and variables inside functions) not listed: pass kinds to list them`);
  // Past an answer's size the rest is left out by the cut, said below, not by depth or kinds.
  if (inTree < result.totalCount && !result.truncated) {
    notes.push(
      `${result.totalCount - inTree} left out by ${[args.depth === undefined ? '' : 'depth', showLocals ? 'kinds' : ''].filter(Boolean).join(' and ')}`,
    );
  }
  if (notes.length > 0) lines[0] = `${header}; ${notes.join('; ')}`;
  const shown = lines.length - 1;
  const listable = inTree - locals;
  if (shown < listable) lines.push(`… ${listable - shown} more in structuredContent.symbols.`);
  if (result.truncated) lines.push(`The outline is too large for one answer: ${result.totalCount - inTree} later symbols are not listed.`);
  return lines.join('\n');
}
