import type { DocumentSymbolItem } from '../model/results.js';
import type { SymbolKind } from '../model/symbols.js';
import type { OutlineSymbol } from '../ports/symbol-index.js';

/** An outline symbol with the names of its ancestors: `Outer.Inner.method`. */
export interface QualifiedSymbol {
  readonly symbol: OutlineSymbol;
  readonly qualifiedName: string;
  /** 0 for a top-level symbol. */
  readonly depth: number;
}

/** The qualified name of a symbol from the names of the outline entries that hold it, outermost first, its own last. */
export function qualifiedNameOf(names: readonly string[]): string {
  return names.join('.');
}

/** Every symbol of an outline, parents before their children, in source order. */
export function flattenOutline(outline: readonly OutlineSymbol[]): QualifiedSymbol[] {
  const flat: QualifiedSymbol[] = [];
  const visit = (symbols: readonly OutlineSymbol[], prefix: string, depth: number): void => {
    for (const symbol of [...symbols].sort((a, b) => a.start - b.start)) {
      const qualifiedName = prefix === '' ? symbol.name : qualifiedNameOf([prefix, symbol.name]);
      flat.push({ symbol, qualifiedName, depth });
      visit(symbol.children, qualifiedName, depth + 1);
    }
  };
  visit(outline, '', 0);
  return flat;
}

/**
 * The symbols a (qualified) name means: those whose qualified name is exactly `name`, or,
 * if there are none, those whose qualified name ends with its segments (`add` finds
 * `Calculator.add`; `Inner.method` finds `Outer.Inner.method`).
 */
export function matchSymbolName(flat: readonly QualifiedSymbol[], name: string): QualifiedSymbol[] {
  const exact = flat.filter((q) => q.qualifiedName === name);
  if (exact.length > 0) return exact;
  const suffix = `.${name}`;
  return flat.filter((q) => q.qualifiedName.endsWith(suffix));
}

/** The deepest symbol whose name contains `offset`; else the deepest one that starts there. */
export function symbolNamedAt(flat: readonly QualifiedSymbol[], offset: number): QualifiedSymbol | undefined {
  let best: QualifiedSymbol | undefined;
  for (const q of flat) {
    const { nameStart, nameLength } = q.symbol;
    if (nameStart <= offset && offset < nameStart + Math.max(nameLength, 1) && (best === undefined || q.depth >= best.depth)) best = q;
  }
  return best ?? deepest(flat.filter((q) => q.symbol.start === offset));
}

function deepest(candidates: readonly QualifiedSymbol[]): QualifiedSymbol | undefined {
  return candidates.reduce<QualifiedSymbol | undefined>((best, q) => (best === undefined || q.depth > best.depth ? q : best), undefined);
}

/** Up to `count` symbols whose names are closest to `name`, closest first. */
export function closestSymbols(flat: readonly QualifiedSymbol[], name: string, count: number): QualifiedSymbol[] {
  const wanted = name.toLowerCase();
  const lastSegment = wanted.slice(wanted.lastIndexOf('.') + 1);
  const scored = flat.map((q) => {
    const qualified = q.qualifiedName.toLowerCase();
    const own = q.symbol.name.toLowerCase();
    const distance = Math.min(editDistance(wanted, qualified), editDistance(lastSegment, own));
    const related = qualified.includes(lastSegment) || lastSegment.includes(own) ? 0 : 1;
    return { q, score: distance + related * 2 };
  });
  const limit = Math.max(3, Math.ceil(wanted.length / 2));
  return scored
    .filter((s) => s.score <= limit)
    .sort((a, b) => a.score - b.score || a.q.symbol.start - b.q.symbol.start)
    .slice(0, count)
    .map((s) => s.q);
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

const SCOPES: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['namespace', 'module', 'package']);

/**
 * A local: a constant or variable declared inside a function, method, accessor or initializer
 * rather than at the top of a file or namespace. Outlines list them (TypeScript's navigation
 * tree does), and they are most of a large file's outline while rarely what a reader looks for.
 */
export function isLocalDeclaration(kind: SymbolKind, parentKind: SymbolKind | undefined): boolean {
  return (kind === 'constant' || kind === 'variable') && parentKind !== undefined && !SCOPES.has(parentKind);
}

/**
 * The outline cut to `depth` levels (1: the top level only), and, when `kinds` is not empty, to
 * the symbols of those kinds and the symbols that contain them (so each keeps its place).
 */
export function pruneOutline(items: readonly DocumentSymbolItem[], depth: number, kinds: ReadonlySet<SymbolKind>): DocumentSymbolItem[] {
  const prune = (level: readonly DocumentSymbolItem[], remaining: number): DocumentSymbolItem[] =>
    level.flatMap((item) => {
      const { children: all, ...own } = item;
      const children = remaining > 1 && all !== undefined ? prune(all, remaining - 1) : [];
      if (kinds.size > 0 && !kinds.has(item.kind) && children.length === 0) return [];
      return [children.length > 0 ? { ...own, children } : own];
    });
  return prune(items, depth);
}
