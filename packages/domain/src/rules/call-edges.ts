import type { CallEdge } from '../ports/symbol-index.js';
import { dedupeSpans } from './spans.js';

/**
 * Edges by their item: the same caller (or callee) found twice, by two projects or from two
 * places of one symbol, is one edge with the union of its call sites, first found first.
 */
export function mergeCallEdges(edges: Iterable<CallEdge>): CallEdge[] {
  const merged = new Map<string, CallEdge>();
  for (const edge of edges) {
    const key = `${edge.item.path}\0${String(edge.item.start)}\0${String(edge.item.nameStart)}`;
    const known = merged.get(key);
    merged.set(key, known === undefined ? edge : { item: known.item, sites: dedupeSpans([...known.sites, ...edge.sites]) });
  }
  return [...merged.values()];
}

/** A name followed by `(`, `?.(` or a template (spaces between) is called there. */
const CALLED = /\s*(?:\?\.\s*)?[(`]/y;

/**
 * Whether the name ending at `end` of `text` is called there: `add(…)`, `math.add(…)`,
 * `add?.(…)`, a tagged template. Asked only of a reference to a function (never of its
 * declaration), which is then a call of it.
 */
export function isCalledAt(text: string, end: number): boolean {
  CALLED.lastIndex = end;
  return CALLED.test(text);
}
