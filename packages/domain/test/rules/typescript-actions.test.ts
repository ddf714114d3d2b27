import { describe, expect, it } from 'vitest';
import type { CodeActionQuery } from '../../src/ports/code-actions.js';
import {
  chosenFix,
  chosenRefactor,
  fixableDiagnostics,
  offeredTsActions,
  parseTsActionRef,
  type TsActionFacts,
  type TsFixFact,
} from '../../src/rules/typescript-actions.js';

const query = (over: Partial<CodeActionQuery> = {}): CodeActionQuery =>
  ({
    path: '/w/a.ts',
    start: 10,
    end: 20,
    kinds: ['quickfix', 'source.fixAll', 'refactor', 'source.organizeImports'],
    ...over,
  }) as CodeActionQuery;

const importFix: TsFixFact = {
  fixName: 'import',
  description: 'Add import from "./b"',
  fixId: 'fixMissingImport',
  fixAllDescription: 'Add all missing imports',
};
const installFix: TsFixFact = { fixName: 'installTypes', description: 'Install @types/x', commands: [{}] };

function facts(over: Partial<TsActionFacts> = {}): TsActionFacts {
  return {
    diagnostics: () =>
      Promise.resolve([
        { start: 15, length: 3, code: 2304 },
        { start: 12, length: 2, code: 2304 },
        { start: 40, length: 1, code: 2304 },
        { start: 11, length: 1, code: 'pyright' },
        { code: 1005 },
      ]),
    fixes: () => Promise.resolve([importFix, installFix]),
    refactors: () =>
      Promise.resolve([
        {
          name: 'Extract Symbol',
          actions: [
            { name: 'constant_scope_0', description: 'Extract to constant', kind: 'refactor.extract.constant' },
            { name: 'function_scope_0', description: 'Extract to function', notApplicableReason: 'no' },
            { name: 'interactive', description: 'Move to file', isInteractive: true },
          ],
        },
      ]),
    organizesImports: () => Promise.resolve(true),
    ...over,
  };
}

describe("TypeScript's code actions", () => {
  it('fix the diagnostics the range touches, in the order of the text, with numeric codes only', () => {
    const spans = fixableDiagnostics(
      [
        { start: 15, length: 3, code: 2304 },
        { start: 12, length: 2, code: 2304 },
        { start: 40, length: 1, code: 2304 },
        { start: 11, code: 'x' },
      ],
      query(),
      true,
    );
    expect(spans).toEqual([
      { start: 12, length: 2, code: 2304 },
      { start: 15, length: 3, code: 2304 },
    ]);
    // For the fixes of all of a code, the first of each code is enough.
    expect(
      fixableDiagnostics(
        [
          { start: 15, length: 3, code: 2304 },
          { start: 12, length: 2, code: 2304 },
        ],
        query(),
        false,
      ),
    ).toEqual([{ start: 12, length: 2, code: 2304 }]);
    expect(fixableDiagnostics([{ start: 12, length: 2, code: 2304 }], query({ code: 2552 }), true)).toEqual([]);
  });

  it('offer each fix, each fix-all once, the applicable refactorings and organize imports, and name fixes that need an editor', async () => {
    const { actions, clientOnly } = await offeredTsActions(query(), facts());
    expect(actions.map((a) => [a.kind, a.title])).toEqual([
      ['quickfix', 'Add import from "./b"'],
      ['quickfix', 'Add import from "./b"'],
      ['source.fixAll', 'Add all missing imports'],
      ['refactor.extract.constant', 'Extract to constant'],
      ['source.organizeImports', 'Organize imports'],
    ]);
    expect(clientOnly).toEqual(['Install @types/x', 'Install @types/x']);
    expect(actions.map((a) => a.at)).toEqual([12, 15, undefined, undefined, undefined]);
  });

  it('ask the compiler only what the kinds asked for need', async () => {
    const asked: string[] = [];
    const spy = facts({
      diagnostics: () => (asked.push('diagnostics'), Promise.resolve([])),
      refactors: () => (asked.push('refactors'), Promise.resolve([])),
      organizesImports: () => (asked.push('organize'), Promise.resolve(false)),
    });
    expect((await offeredTsActions(query({ kinds: ['refactor.extract'] }), spy)).actions).toEqual([]);
    expect(asked).toEqual(['refactors']);
  });

  it('parse back the handle each action carries, and refuse any other text', async () => {
    const { actions } = await offeredTsActions(query(), facts());
    for (const action of actions) expect(parseTsActionRef(action.ref)).toEqual(JSON.parse(action.ref));
    for (const bad of ['', 'x', '["q",1]', '{"a":1}', '["o",1]', '["zz"]']) expect(parseTsActionRef(bad)).toBeUndefined();
  });

  it('find the action a handle names among those offered again, never one that needs an editor or no longer applies', async () => {
    expect(chosenFix([installFix, importFix], 'import', 'Add import from "./b"')).toBe(importFix);
    expect(chosenFix([installFix], 'installTypes', 'Install @types/x')).toBeUndefined();
    const refactors = await facts().refactors();
    expect(chosenRefactor(refactors, 'Extract Symbol', 'constant_scope_0')?.description).toBe('Extract to constant');
    expect(chosenRefactor(refactors, 'Extract Symbol', 'function_scope_0')).toBeUndefined();
  });
});
