import { describe, expect, it } from 'vitest';
import { simulationParts } from '../../src/rules/simulation-parts.js';

describe('simulationParts', () => {
  it('splits the sites and files by owner, owners in the order first met, each site keeping its index', () => {
    const simulation = {
      overlay: new Map([['/w/a.ts', 'x']]),
      before: [
        { path: '/w/b.ts', offset: 1 },
        { path: '/w/a.ts', offset: 2 },
        { path: '/w/b.ts', offset: 3 },
      ],
      after: [{ path: '/w/a.ts', offset: 4 }],
      files: ['/w/c.ts', '/w/a.ts'],
    };
    const ownerOf = (path: string): string => (path === '/w/b.ts' ? 'two' : 'one');
    const parts = simulationParts(simulation, ownerOf);
    expect([...parts.keys()]).toEqual(['two', 'one']);
    expect(parts.get('two')).toEqual({ before: [0, 2], after: [], files: [] });
    expect(parts.get('one')).toEqual({ before: [1], after: [0], files: ['/w/c.ts', '/w/a.ts'] });
  });
});
