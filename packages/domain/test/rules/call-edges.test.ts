import { describe, expect, it } from 'vitest';
import type { CallEdge, CallItem } from '../../src/ports/symbol-index.js';
import { mergeCallEdges } from '../../src/rules/call-edges.js';

function item(path: string, start: number): CallItem {
  return { name: `f${start}`, kind: 'function', path, start, length: 10, nameStart: start + 9, nameLength: 1 };
}

describe('mergeCallEdges', () => {
  it('makes one edge of the same item found twice, with the union of its sites, in the order first found', () => {
    const a = item('/w/a.ts', 0);
    const b = item('/w/b.ts', 0);
    const edges: CallEdge[] = [
      { item: a, sites: [{ path: '/w/a.ts', start: 20, length: 1 }] },
      { item: b, sites: [{ path: '/w/b.ts', start: 30, length: 1 }] },
      {
        item: { ...a },
        sites: [
          { path: '/w/a.ts', start: 20, length: 1 },
          { path: '/w/a.ts', start: 40, length: 1 },
        ],
      },
    ];

    expect(mergeCallEdges(edges)).toEqual([
      {
        item: a,
        sites: [
          { path: '/w/a.ts', start: 20, length: 1 },
          { path: '/w/a.ts', start: 40, length: 1 },
        ],
      },
      { item: b, sites: [{ path: '/w/b.ts', start: 30, length: 1 }] },
    ]);
  });

  it('keeps items of the same file apart by their place', () => {
    const edges: CallEdge[] = [
      { item: item('/w/a.ts', 0), sites: [] },
      { item: item('/w/a.ts', 50), sites: [] },
    ];

    expect(mergeCallEdges(edges)).toHaveLength(2);
  });
});
