import { describe, expect, it } from 'vitest';
import type { CallEdge, CallItem } from '../../src/ports/symbol-index.js';
import { isCalledAt, mergeCallEdges } from '../../src/rules/call-edges.js';

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

describe('isCalledAt', () => {
  /** Whether the first `add` of `text` is called there. */
  const called = (text: string): boolean => isCalledAt(text, text.indexOf('add') + 'add'.length);

  it('is true of a name a call, an optional call or a tagged template follows', () => {
    expect(called('add(1, 2)')).toBe(true);
    expect(called('math.add (1, 2)')).toBe(true);
    expect(called('add?.(1)')).toBe(true);
    expect(called('add`x`')).toBe(true);
  });

  it('is false of a name passed, read, destructured or assigned', () => {
    expect(called('[1].map(add)')).toBe(false);
    expect(called('const f = math.add;')).toBe(false);
    expect(called('const { add } = require("./math");')).toBe(false);
    expect(called('exports.add = add;')).toBe(false);
    expect(called('add.call(null, 1)')).toBe(false);
  });
});
