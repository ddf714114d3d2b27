import type { EditSimulation, SimulationAnswer } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { mergeDiagnosticsPlans, mergeSimulations, splitSimulation } from '../src/routing/merge-answers.js';

const record = (path: string, code: number) => ({ path, start: 0, length: 1, category: 'error' as const, code, message: `TS${code}` });

describe('answers of several backends', () => {
  it("joins diagnostics plans: every backend's groups in order, each failing file once, to be checked in the router's scope", () => {
    const broken = { path: '/w/tsconfig.json', reason: 'not valid JSON' };
    const scope = { workspaceRoot: '/w', signal: new AbortController().signal };
    const merged = mergeDiagnosticsPlans(
      [
        { groups: [{ files: ['/w/a/x.ts'], inFlight: 1 }], failures: [broken] },
        { groups: [{ files: ['/w/b/y.ts', '/w/b/z.ts'], inFlight: 4 }], failures: [broken, { path: '/w/b/big.ts', reason: 'too large' }] },
      ],
      scope,
    );
    expect(merged).toEqual({
      groups: [
        { files: ['/w/a/x.ts'], inFlight: 1 },
        { files: ['/w/b/y.ts', '/w/b/z.ts'], inFlight: 4 },
      ],
      failures: [broken, { path: '/w/b/big.ts', reason: 'too large' }],
      scope,
    });
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
    expect(merged.inFlux).toBeUndefined();

    // What a backend says of its files is kept: those being written, those outside its server's build.
    const withFacts = mergeSimulations(simulation, [
      { share: js, answer: { ...answerOf([], [], '/w/a/x.ts'), inFlux: ['/w/a/z.ts'] } },
      { share: native, answer: { ...answerOf([], [], '/w/b/y.ts'), outsideBuild: ['/w/b/y_windows.go'] } },
    ]);
    expect(withFacts.inFlux).toEqual(['/w/a/z.ts']);
    expect(withFacts.outsideBuild).toEqual(['/w/b/y_windows.go']);
  });

  it("gives each backend the simulation's options: its files' dependents, and errors on the disk's texts only where the edits leave some", () => {
    const simulation: EditSimulation = {
      overlay: new Map([['/w/a/x.ts', 'edited']]),
      before: [{ path: '/w/b/y.ts', offset: 2 }],
      after: [],
      files: ['/w/a/x.ts'],
      dependents: true,
      addedErrorsOnly: true,
    };
    const shares = splitSimulation(simulation, (path) => (path.startsWith('/w/a/') ? 'js' : 'native'));
    for (const key of ['js', 'native']) {
      expect(shares.get(key)?.simulation).toMatchObject({ dependents: true, addedErrorsOnly: true });
    }
  });
});
