import { describe, expect, it } from 'vitest';
import type { DiagnosticRecord, EditSimulation } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { applyEdits, checkEdits } from '../../src/use-cases/check-edits.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

const LIB_TS = 'export function size(): number {\n  return 1;\n}\n';
const USE_TS = 'import { size } from "./lib";\nexport const n: number = size();\n';

/** A workspace whose compiler finds, after the edit, an error in the importer wherever `size` returns a string. */
function workspace(): { ws: Workspace; lib: string; use: string } {
  const ws = new Workspace();
  const lib = ws.file('src/lib.ts', LIB_TS);
  const use = ws.file('src/use.ts', USE_TS);
  const mismatch: DiagnosticRecord = {
    path: use,
    start: locate(USE_TS, 'n:').offset,
    length: 1,
    category: 'error',
    code: 2322,
    message: "Type 'string' is not assignable to type 'number'.",
  };
  ws.symbols.simulation = (simulation: EditSimulation) => ({
    referentsBefore: [],
    referentsAfter: [],
    errorsBefore: new Map([
      [lib, []],
      [use, []],
    ]),
    errorsAfter: new Map([
      [lib, []],
      [use, simulation.overlay.get(lib)?.includes('string') === true ? [mismatch] : []],
    ]),
  });
  return { ws, lib, use };
}

const toString = { filePath: 'src/lib.ts', oldText: '(): number {\n  return 1;', newText: "(): string {\n  return '1';" };

describe('checkEdits', () => {
  it('answers the errors an edit adds in a file that imports the edited one, and writes nothing', async () => {
    const { ws, lib } = workspace();
    const result = successOf(await checkEdits(ws.ports, { workspaceRoot: ROOT, edits: [toString] }, neverAborted));
    expect(ws.symbols.simulations[0]?.dependents).toBe(true);
    expect(ws.symbols.simulations[0]?.overlay.get(lib)).toBe(LIB_TS.replace(toString.oldText, toString.newText));
    expect(result.errorsAdded.map((e) => [e.filePath, e.line, e.code])).toEqual([['src/use.ts', 2, 'TS2322']]);
    expect(result).toMatchObject({
      applied: false,
      filesChecked: 2,
      files: [{ filePath: 'src/lib.ts', startLine: 1, linesRemoved: 2, linesAdded: 2 }],
    });
    expect(ws.writer.written).toEqual([]);
  });

  it("lists the files the service's build leaves out as not checked, and does not count them", async () => {
    const { ws } = workspace();
    const other = ws.file('src/use_windows.ts', USE_TS);
    const answer = ws.symbols.simulation;
    ws.symbols.simulation = (simulation: EditSimulation) => {
      const base = answer?.(simulation);
      if (base === undefined) throw new Error('the workspace answers simulations');
      return {
        ...base,
        errorsBefore: new Map([...base.errorsBefore, [other, []]]),
        errorsAfter: new Map([...base.errorsAfter, [other, []]]),
        outsideBuild: [other],
      };
    };
    const result = successOf(await checkEdits(ws.ports, { workspaceRoot: ROOT, edits: [toString] }, neverAborted));
    expect(result.filesChecked).toBe(2);
    expect(result.notChecked?.map((f) => f.filePath)).toEqual(['src/use_windows.ts']);
    expect(result.notChecked?.[0]?.reason).toContain("the language server's build leaves it out (a build constraint");
  });

  it('with apply, writes nothing when the edits add an error, and writes them with force', async () => {
    const { ws, lib } = workspace();
    const refused = successOf(await checkEdits(ws.ports, { workspaceRoot: ROOT, edits: [toString], apply: true }, neverAborted));
    expect(refused.applied).toBe(false);
    expect(refused.notApplied).toMatch(/add 1 error; nothing was written/);
    expect(ws.writer.written).toEqual([]);
    const forced = successOf(
      await checkEdits(ws.ports, { workspaceRoot: ROOT, edits: [toString], apply: true, force: true }, neverAborted),
    );
    expect(forced.applied).toBe(true);
    expect(ws.writer.written).toEqual([[{ path: lib, expectedText: LIB_TS, newText: LIB_TS.replace(toString.oldText, toString.newText) }]]);
  });

  it('writes edits that add no error, all files at once', async () => {
    const { ws, lib, use } = workspace();
    const edits = [
      { filePath: 'src/lib.ts', oldText: 'return 1;', newText: 'return 2;' },
      { filePath: 'src/use.ts', oldText: 'export const n', newText: 'export const m' },
    ];
    const result = successOf(await checkEdits(ws.ports, { workspaceRoot: ROOT, edits, apply: true }, neverAborted));
    expect(result.applied).toBe(true);
    expect(ws.writer.written[0]?.map((c) => c.path)).toEqual([lib, use]);
  });

  it('plans again on the new text when a file changed before the write', async () => {
    const { ws, lib } = workspace();
    ws.writer.refusals.push('FILE_CHANGED');
    const edited = 'export function size(): number {\n  return 7;\n}\n';
    ws.writer.onRefusal = () => {
      ws.files.addFile(lib, `// changed\n${LIB_TS}`);
      ws.symbols.addFile(lib, `// changed\n${LIB_TS}`);
    };
    const result = successOf(
      await checkEdits(
        ws.ports,
        { workspaceRoot: ROOT, edits: [{ filePath: 'src/lib.ts', oldText: 'return 1;', newText: 'return 7;' }], apply: true },
        neverAborted,
      ),
    );
    expect(result.applied).toBe(true);
    expect(ws.writer.written).toEqual([[{ path: lib, expectedText: `// changed\n${LIB_TS}`, newText: `// changed\n${edited}` }]]);
  });

  it('refuses force without apply, no edit, and a file outside the workspace', async () => {
    const { ws } = workspace();
    expect(errorOf(await checkEdits(ws.ports, { workspaceRoot: ROOT, edits: [toString], force: true }, neverAborted)).code).toBe(
      'INVALID_INPUT',
    );
    expect(errorOf(await checkEdits(ws.ports, { workspaceRoot: ROOT, edits: [] }, neverAborted)).code).toBe('INVALID_INPUT');
    const outside = errorOf(
      await checkEdits(ws.ports, { workspaceRoot: ROOT, edits: [{ filePath: '../x.ts', newText: '' }] }, neverAborted),
    );
    expect(outside.code).toBe('PATH_OUTSIDE_WORKSPACE');
  });
});

describe('applyEdits', () => {
  it('applies edits in order, each on the text the ones before it left', () => {
    expect(
      applyEdits(
        'a b c',
        [
          { filePath: 'f', oldText: 'b', newText: 'x' },
          { filePath: 'f', oldText: 'x c', newText: 'y' },
        ],
        'f',
      ),
    ).toBe('a y');
  });

  it('takes a whole-file edit alone', () => {
    expect(applyEdits('old', [{ filePath: 'f', newText: 'new' }], 'f')).toBe('new');
    expect(
      applyEdits(
        'old',
        [
          { filePath: 'f', oldText: 'o', newText: 'O' },
          { filePath: 'f', newText: 'new' },
        ],
        'f',
      ),
    ).toMatchObject({ success: false });
  });

  it('refuses oldText that is missing, empty, or not unique, saying which', () => {
    const message = (answer: unknown): string => (answer as { error?: { message?: string } }).error?.message ?? '';
    expect(message(applyEdits('a a', [{ filePath: 'f', oldText: 'a', newText: 'b' }], 'f'))).toMatch(/occurs more than once/);
    expect(message(applyEdits('a', [{ filePath: 'f', oldText: 'z', newText: 'b' }], 'f'))).toMatch(/is not in f/);
    expect(applyEdits('a', [{ filePath: 'f', oldText: '', newText: 'b' }], 'f')).toMatchObject({ error: { code: 'INVALID_INPUT' } });
  });
});
