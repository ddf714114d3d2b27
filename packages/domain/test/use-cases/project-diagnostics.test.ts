import { describe, expect, it } from 'vitest';
import { BridgeException, bridgeError } from '../../src/errors/bridge-error.js';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { Clock } from '../../src/ports/clock.js';
import type { QueryScope } from '../../src/ports/symbol-index.js';
import { FakeSymbolIndex } from '../../src/testing/fake-symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { projectDiagnostics } from '../../src/use-cases/project-diagnostics.js';
import { ROOT, TestSignal } from '../workspace-fixture.js';

/** A clock that moves only when the test moves it. */
class FakeClock implements Clock {
  time = 1_000;
  now(): number {
    return this.time;
  }
}

const FILES = ['a.ts', 'b.ts', 'c.ts', 'd.ts'].map((name) => `${ROOT}/src/${name}`);

function indexOf(groups: string[][], inFlight = 1): FakeSymbolIndex {
  const index = new FakeSymbolIndex();
  index.diagnosticsGroups = groups;
  index.diagnosticsInFlight = inFlight;
  for (const file of groups.flat()) {
    index.fileDiagnostics.set(file, [{ path: file, start: 0, length: 1, category: 'error', code: 2304, message: `in ${file}` }]);
  }
  return index;
}

const scope = (signal = neverAborted): QueryScope => ({ workspaceRoot: ROOT, signal });

describe('projectDiagnostics: the budget', () => {
  it('starts no file once the budget is spent: the files left are failures naming it, and what was found stays', async () => {
    const clock = new FakeClock();
    const index = indexOf([FILES.slice(0, 2), FILES.slice(2)], 2);
    // Each check takes 40 ms of the 100 ms budget: the third check starts at 80 ms, the fourth would at 120 ms.
    index.onCheck = (): void => {
      clock.time += 40;
    };
    const answer = await projectDiagnostics(index, scope(), { budgetMs: 100, clock });
    expect(index.filesAsked).toEqual(FILES.slice(0, 3));
    expect(answer.filesChecked).toBe(3);
    expect(answer.diagnostics.map((d) => d.path)).toEqual(FILES.slice(0, 3));
    expect(answer.failures).toEqual([
      {
        path: FILES[3],
        reason:
          'not checked: project-wide diagnostics ran out of their 100 ms budget (LSP_BRIDGE_DIAGNOSTICS_BUDGET_MS); pass filePath to check it',
      },
    ]);
  });

  it('checks every file while the budget lasts, the plan failures first', async () => {
    const clock = new FakeClock();
    const index = indexOf([FILES]);
    index.failures = [{ path: `${ROOT}/tsconfig.json`, reason: 'not valid JSON' }];
    index.checkFailures.set(FILES[1] as string, 'binary file');
    const answer = await projectDiagnostics(index, scope(), { budgetMs: 1, clock });
    expect(answer.filesChecked).toBe(3);
    expect(answer.failures).toEqual([
      { path: `${ROOT}/tsconfig.json`, reason: 'not valid JSON' },
      { path: FILES[1], reason: 'binary file' },
    ]);
  });
});

describe('projectDiagnostics: cancellation and refusals', () => {
  it('stops between files when the call is cancelled, with the reason it was cancelled for', async () => {
    const signal = new TestSignal();
    const reason = new Error('enough');
    const index = indexOf([FILES]);
    index.onCheck = (path): void => {
      if (path === FILES[1]) signal.abort(reason);
    };
    const done: number[] = [];
    const run = projectDiagnostics(
      index,
      { ...scope(signal), onProgress: (p) => done.push(p.done) },
      { budgetMs: 90_000, clock: new FakeClock() },
    );
    await expect(run).rejects.toBe(reason);
    expect(index.filesAsked).toEqual(FILES.slice(0, 2));
    expect(done).toEqual([0, 1, 2]);
  });

  it('ends the call with the error of a check its service cannot answer (its server gone), asking no other group', async () => {
    const index = indexOf([FILES.slice(0, 3), FILES.slice(3)]);
    const gone = new BridgeException(bridgeError(ErrorCode.LANGUAGE_SERVER_ERROR, 'gopls exited', 'Retry.'));
    index.onCheck = (path): void => {
      if (path === FILES[1]) throw gone;
    };
    await expect(projectDiagnostics(index, scope(), { budgetMs: 90_000, clock: new FakeClock() })).rejects.toBe(gone);
    expect(index.filesAsked).not.toContain(FILES[3]);
  });

  it('starts no more files once a check fails the call, whatever checks are in flight', async () => {
    const many = Array.from({ length: 12 }, (_, i) => `${ROOT}/src/f${i}.ts`);
    const index = indexOf([many], 4);
    index.onCheck = (path): void => {
      if (path === many[2]) throw new Error('out of memory');
    };
    await expect(projectDiagnostics(index, scope(), { budgetMs: 90_000, clock: new FakeClock() })).rejects.toThrow('out of memory');
    // Those in flight with the failing one end, and start no other: most files are never asked about.
    expect(index.filesAsked.length).toBeLessThan(8);
  });
});
