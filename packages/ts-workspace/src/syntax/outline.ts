import type { OutlineSymbol } from '@mcp-lsp-bridge/domain';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import { symbolKindOfScriptElement } from '@mcp-lsp-bridge/ts-syntax';

interface Range {
  readonly start: number;
  readonly end: number;
}

/**
 * A file's outline from its navigation tree, built exactly as typescript-language-server 5.3
 * builds a hierarchical `textDocument/documentSymbol` answer (`collectDocumentSymbolsInRange`),
 * so both backends give the same symbols; then sorted by position, since the navigation tree
 * lists siblings alphabetically.
 */
export function outlineOf(api: TypeScriptApi, tree: ts.NavigationTree): OutlineSymbol[] {
  const symbols: OutlineSymbol[] = [];
  for (const item of tree.childItems ?? []) {
    const first = item.spans[0];
    const last = item.spans[item.spans.length - 1];
    if (first === undefined || last === undefined) continue;
    collectInRange(api, item, symbols, { start: first.start, end: last.start + last.length });
  }
  return sortedByPosition(symbols);
}

/**
 * One symbol per span of `item` within `range` (an overloaded function has one per signature),
 * with the child items overlapping that span. Anonymous items and aliases are only kept when
 * they contain something that is. Returns whether `item` was kept.
 */
function collectInRange(api: TypeScriptApi, item: ts.NavigationTree, out: OutlineSymbol[], range: Range): boolean {
  let include = isNamedEntry(api, item);
  for (const span of item.spans) {
    const spanRange = rangeOf(span);
    if (!intersects(range, spanRange)) continue;
    const children: OutlineSymbol[] = [];
    for (const child of item.childItems ?? []) {
      if (!child.spans.some((childSpan) => intersects(spanRange, rangeOf(childSpan)))) continue;
      // Always collect: a child may be what makes an anonymous parent worth keeping.
      const childIncluded = collectInRange(api, child, children, spanRange);
      include = include || childIncluded;
    }
    const name = item.nameSpan !== undefined && intersects(spanRange, rangeOf(item.nameSpan)) ? item.nameSpan : span;
    // An item the tree cannot name (`<function>` holding something named, `<unknown>` for `...a.b`)
    // is replaced by what it holds, as the language-server backends replace it (the port's outline
    // leaves anonymous items out).
    if (include && isPlaceholder(item.text)) out.push(...children);
    else if (include) {
      out.push({
        name: item.text,
        kind: symbolKindOfScriptElement(item.kind),
        start: span.start,
        length: span.length,
        nameStart: name.start,
        nameLength: name.length,
        children,
      });
    }
  }
  return include;
}

/** typescript-language-server's `shouldIncludeEntry`. */
function isNamedEntry(api: TypeScriptApi, item: ts.NavigationTree): boolean {
  if (item.kind === api.ScriptElementKind.alias) return false;
  return item.text !== '' && item.text !== '<function>' && item.text !== '<class>';
}

/**
 * `<function>`, `<class>`, `<unknown>`: what a TypeScript service or a language server calls an
 * item it cannot name. Every backend's outline replaces such an item by what it holds.
 */
export function isPlaceholder(text: string): boolean {
  return text === '' || /^<[^>]*>$/.test(text);
}

function rangeOf(span: ts.TextSpan): Range {
  return { start: span.start, end: span.start + span.length };
}

/** LSP's `Range.intersection` is defined for ranges that only touch, so touching counts. */
function intersects(a: Range, b: Range): boolean {
  return Math.max(a.start, b.start) <= Math.min(a.end, b.end);
}

function sortedByPosition(symbols: readonly OutlineSymbol[]): OutlineSymbol[] {
  return symbols
    .map((symbol) => ({ ...symbol, children: sortedByPosition(symbol.children) }))
    .sort((a, b) => a.start - b.start || a.nameStart - b.nameStart);
}
