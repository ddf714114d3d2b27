import { describe, expect, it } from 'vitest';
import { dependentsOf, type DependencyFacts } from '../../src/rules/dependents.js';

/** A workspace given as who imports what: `imports[file]` are the files `file` imports. */
function facts(imports: Record<string, string[]>, globals: string[] = [], asynchronous = false): DependencyFacts & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    files: Object.keys(imports),
    importersOf: (targets, candidates) => {
      asked.push([...candidates]);
      const found = candidates.filter((file) => (imports[file] ?? []).some((imported) => targets.has(imported)));
      return asynchronous ? Promise.resolve(found) : found;
    },
    ...(globals.length > 0 ? { isGlobal: (file: string) => globals.includes(file) } : {}),
  };
}

const chain = { 'c.ts': ['b.ts'], 'a.ts': [], 'b.ts': ['a.ts'], 'd.ts': ['c.ts', 'a.ts'], 'other.ts': [] };

describe('dependentsOf', () => {
  it('follows importers transitively, sorted, never the edited files, whatever the facts answer with', async () => {
    expect(await dependentsOf(['a.ts'], facts(chain))).toEqual(['b.ts', 'c.ts', 'd.ts']);
    expect(await dependentsOf(['a.ts'], facts(chain, [], true))).toEqual(['b.ts', 'c.ts', 'd.ts']);
    expect(await dependentsOf(['c.ts'], facts(chain))).toEqual(['d.ts']);
    expect(await dependentsOf(['a.ts', 'b.ts'], facts(chain))).toEqual(['c.ts', 'd.ts']);
    expect(await dependentsOf(['other.ts'], facts(chain))).toEqual([]);
  });

  it('asks each round only about files not reached yet, and ends on a cycle', async () => {
    const cycle = facts({ 'a.ts': ['b.ts'], 'b.ts': ['a.ts'], 'c.ts': ['b.ts'] });
    expect(await dependentsOf(['a.ts'], cycle)).toEqual(['b.ts', 'c.ts']);
    expect(cycle.asked).toEqual([['b.ts', 'c.ts'], ['c.ts']]);
  });

  it('makes every file a dependent once a reached file declares globally, directly or two imports away', async () => {
    const everyOther = ['b.ts', 'c.ts', 'd.ts', 'other.ts'];
    expect(await dependentsOf(['a.ts'], facts(chain, ['a.ts']))).toEqual(everyOther);
    expect(await dependentsOf(['a.ts'], facts(chain, ['c.ts']))).toEqual(everyOther);
    expect(await dependentsOf(['a.ts'], facts(chain, ['other.ts']))).toEqual(['b.ts', 'c.ts', 'd.ts']);
  });
});
