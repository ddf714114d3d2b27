import { describe, expect, it } from 'vitest';
import { answerSizeTable } from '../src/answer-sizes.js';
import { Rng } from '../src/rng.js';
import { addAgreement, agreement, precision, recall, summarize } from '../src/stats.js';
import { generateSynth } from '../src/synth.js';

describe('Rng', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = [1, 2, 3, 4, 5, 6];
    const out = new Rng(1).shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...out].sort()).toEqual(input);
  });
});

describe('summarize', () => {
  it('reports median, min and max of odd and even counts', () => {
    expect(summarize([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, n: 3 });
    expect(summarize([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, n: 4 });
    expect(summarize([])).toBeUndefined();
  });
});

describe('agreement', () => {
  it('counts recall against the expected set and precision against the returned set', () => {
    const a = agreement(new Set(['a', 'b', 'c', 'd']), new Set(['a', 'b', 'x']));
    expect(recall(a)).toBe(0.5);
    expect(precision(a)).toBeCloseTo(2 / 3);
    const sum = addAgreement(a, agreement(new Set(['y']), new Set(['y'])));
    expect(sum).toEqual({ expected: 5, got: 4, common: 3 });
  });
});

describe('generateSynth', () => {
  it('is deterministic for a seed and has the requested number of files plus the core', () => {
    const a = generateSynth(50, 9);
    expect(generateSynth(50, 9)).toEqual(a);
    expect(a.size).toBe(51);
    expect(generateSynth(50, 10)).not.toEqual(a);
  });

  it('imports only earlier files, so the import graph has no cycles', () => {
    for (const [path, text] of generateSynth(200, 3)) {
      const self = /f(\d+)\.ts$/.exec(path)?.[1];
      if (self === undefined) continue;
      for (const match of text.matchAll(/\/f(\d+)\.js'/g)) expect(Number(match[1])).toBeLessThan(Number(self));
    }
  });
});

describe('answerSizeTable', () => {
  it('prints the median and max characters of each tool, then the named calls', () => {
    const sizes = {
      tools: [{ tool: 'find_references', text: [300, 100, 25_000], structured: [10, 20, 30] }],
      probes: [{ probe: 'workspace_symbols {"query":"subscr"}', text: 1234, structured: 2345, note: 'class Subscriber ranked 1' }],
      ms: 5,
    };
    const lines = answerSizeTable([{ corpus: 'rxjs', system: 'tsservice', sizes }]).split('\n');
    expect(lines).toContain('| rxjs | tsservice | find_references | 3 | 300 | 25.0 k | 20 | 30 |');
    expect(lines).toContain('| rxjs | tsservice | `workspace_symbols {"query":"subscr"}` | 1234 | 2345 | class Subscriber ranked 1 |');
  });
});
