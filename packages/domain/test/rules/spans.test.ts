import { describe, expect, it } from 'vitest';
import { dedupeSpans, spanKey } from '../../src/rules/spans.js';

describe('spans', () => {
  it('keeps the first span of each path and start, in order', () => {
    const a = { path: '/w/a.ts', start: 4, length: 3 };
    const aAgain = { path: '/w/a.ts', start: 4, length: 5 };
    const b = { path: '/w/b.ts', start: 4, length: 3 };
    expect(dedupeSpans([a, b, aAgain])).toEqual([a, b]);
  });

  it('tells apart paths that only a separator would confuse', () => {
    expect(spanKey({ path: '/w/a.ts1', start: 2 })).not.toBe(spanKey({ path: '/w/a.ts', start: 12 }));
  });
});
