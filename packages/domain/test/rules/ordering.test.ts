import { describe, expect, it } from 'vitest';
import { INPUT_BOUNDS } from '../../src/rules/input-bounds.js';
import type { ReferenceItem } from '../../src/model/results.js';
import { applyLimit, compareLocations, compareReferences, compareStrings } from '../../src/rules/ordering.js';

const ref = (filePath: string, line: number, column: number, referenceType: ReferenceItem['referenceType'] = 'usage'): ReferenceItem => ({
  filePath,
  line,
  column,
  codeSnippet: '',
  referenceType,
});

describe('compareStrings', () => {
  it('orders by UTF-16 code units, not by locale', () => {
    const paths = ['src/é.ts', 'src/z.ts', 'src/a.ts', 'src/B.ts', 'src/_x.ts'];
    // Code units: "B" (0x42) < "_" (0x5f) < "a" (0x61) < "z" (0x7a) < "é" (0xe9).
    expect([...paths].sort(compareStrings)).toEqual(['src/B.ts', 'src/_x.ts', 'src/a.ts', 'src/z.ts', 'src/é.ts']);
  });

  it('returns 0 for equal strings', () => {
    expect(compareStrings('a', 'a')).toBe(0);
  });
});

describe('compareLocations', () => {
  it('orders by path, then line, then column', () => {
    const items = [ref('b.ts', 1, 1), ref('a.ts', 2, 1), ref('a.ts', 1, 9), ref('a.ts', 1, 3)];
    expect([...items].sort(compareLocations)).toEqual([ref('a.ts', 1, 3), ref('a.ts', 1, 9), ref('a.ts', 2, 1), ref('b.ts', 1, 1)]);
  });

  it('compares lines as numbers, not as text', () => {
    expect(compareLocations(ref('a.ts', 9, 1), ref('a.ts', 10, 1))).toBeLessThan(0);
  });
});

describe('compareReferences', () => {
  it('returns the declaration first, then usages by path, line and column', () => {
    const items = [
      ref('src/b.ts', 3, 1),
      ref('src/z.ts', 1, 14, 'declaration'),
      ref('src/a.ts', 7, 2),
      ref('src/a.ts', 2, 5),
      ref('src/a.ts', 2, 1),
    ];
    expect([...items].sort(compareReferences)).toEqual([
      ref('src/z.ts', 1, 14, 'declaration'),
      ref('src/a.ts', 2, 1),
      ref('src/a.ts', 2, 5),
      ref('src/a.ts', 7, 2),
      ref('src/b.ts', 3, 1),
    ]);
  });

  it('orders several declarations among themselves by path', () => {
    const items = [ref('b.ts', 1, 1, 'declaration'), ref('a.ts', 1, 1), ref('a.ts', 5, 1, 'declaration')];
    expect([...items].sort(compareReferences)).toEqual([
      ref('a.ts', 5, 1, 'declaration'),
      ref('b.ts', 1, 1, 'declaration'),
      ref('a.ts', 1, 1),
    ]);
  });
});

describe('applyLimit', () => {
  const numbers = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

  it('has a default reference limit of 500 (BS-001.5)', () => {
    expect(INPUT_BOUNDS.referenceLimit.default).toBe(500);
  });

  it('keeps the first items up to the limit and reports the count before truncation', () => {
    const limited = applyLimit(numbers(501), 500);
    expect(limited.items).toHaveLength(500);
    expect(limited.items[499]).toBe(499);
    expect(limited.totalCount).toBe(501);
    expect(limited.truncated).toBe(true);
  });

  it('does not mark exactly `limit` items as truncated', () => {
    const limited = applyLimit(numbers(500), 500);
    expect(limited.items).toHaveLength(500);
    expect(limited.totalCount).toBe(500);
    expect(limited.truncated).toBe(false);
  });

  it('returns everything below the limit', () => {
    expect(applyLimit(['a', 'b'], 5)).toEqual({ items: ['a', 'b'], totalCount: 2, truncated: false });
  });
});
