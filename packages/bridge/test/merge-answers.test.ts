import type { EditSimulation, Progress, SimulationAnswer } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { combinedProgress, mergeProjectDiagnostics, mergeSimulations, splitSimulation } from '../src/routing/merge-answers.js';

const record = (path: string, code: number) => ({ path, start: 0, length: 1, category: 'error' as const, code, message: `TS${code}` });

describe('answers of several backends', () => {
  it("adds up project-wide diagnostics: every backend's, each failing file once, the files checked summed", () => {
    const broken = { path: '/w/tsconfig.json', reason: 'not valid JSON' };
    const merged = mergeProjectDiagnostics([
      { diagnostics: [record('/w/a/x.ts', 2322)], failures: [broken], filesChecked: 3 },
      { diagnostics: [record('/w/b/y.ts', 7006)], failures: [broken, { path: '/w/b/big.ts', reason: 'too large' }], filesChecked: 2 },
    ]);
    expect(merged).toEqual({
      diagnostics: [record('/w/a/x.ts', 2322), record('/w/b/y.ts', 7006)],
      failures: [broken, { path: '/w/b/big.ts', reason: 'too large' }],
      filesChecked: 5,
    });
  });

  it('reports one progress for backends running one after the other', () => {
    const seen: Progress[] = [];
    const progress = combinedProgress((p) => seen.push(p), 2);
    progress(0)({ done: 1, total: 2 });
    progress(0)({ done: 2, total: 2 });
    progress(1)({ done: 1, total: 3 });
    expect(seen.map((p) => `${p.done}/${p.total}`)).toEqual(['1/2', '2/2', '3/5']);
  });

  it("splits an edit simulation by the backend of each site's file and puts the answers back in order", () => {
    const overlay = new Map([['/w/a/x.ts', 'edited']]);
    const simulation: EditSimulation = {
      overlay,
      before: [
        { path: '/w/a/x.ts', offset: 1 },
        { path: '/w/b/y.ts', offset: 2 },
        { path: '/w/a/z.ts', offset: 3 },
      ],
      after: [{ path: '/w/b/y.ts', offset: 4 }],
      files: ['/w/a/x.ts', '/w/b/y.ts'],
    };
    const shares = splitSimulation(simulation, (path) => (path.startsWith('/w/a/') ? 'js' : 'native'));
    expect(shares.get('js')?.simulation).toEqual({
      overlay,
      before: [simulation.before[0], simulation.before[2]],
      after: [],
      files: ['/w/a/x.ts'],
    });
    expect(shares.get('native')?.simulation).toEqual({
      overlay,
      before: [simulation.before[1]],
      after: simulation.after,
      files: ['/w/b/y.ts'],
    });

    const span = (path: string, start: number) => [{ path, start, length: 1 }];
    const answerOf = (
      referents: SimulationAnswer['referentsBefore'],
      after: SimulationAnswer['referentsAfter'],
      file: string,
    ): SimulationAnswer => ({
      referentsBefore: referents,
      referentsAfter: after,
      errorsBefore: new Map([[file, []]]),
      errorsAfter: new Map([[file, [record(file, 2300)]]]),
    });
    const js = shares.get('js');
    const native = shares.get('native');
    if (js === undefined || native === undefined) throw new Error('both backends have a share');
    const merged = mergeSimulations(simulation, [
      { share: js, answer: answerOf([span('/d/1', 10), span('/d/3', 30)], [], '/w/a/x.ts') },
      { share: native, answer: answerOf([span('/d/2', 20)], [span('/d/4', 40)], '/w/b/y.ts') },
    ]);
    expect(merged.referentsBefore).toEqual([span('/d/1', 10), span('/d/2', 20), span('/d/3', 30)]);
    expect(merged.referentsAfter).toEqual([span('/d/4', 40)]);
    expect([...merged.errorsAfter.keys()].sort()).toEqual(['/w/a/x.ts', '/w/b/y.ts']);
  });
});
