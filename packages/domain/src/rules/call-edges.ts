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
