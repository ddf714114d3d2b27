import { describe, expect, it } from 'vitest';
import type { CodeActionApplied } from '../../src/model/code-actions.js';
import type { DiagnosticRecord } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { codeActions } from '../../src/use-cases/code-actions.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

const USE_TS = 'const a = areaOf(1);\n';
const IMPORT = "import { areaOf } from './shapes';\n";

function fixture(): { ws: Workspace; path: string } {
  const ws = new Workspace();
  const path = ws.file('src/use.ts', USE_TS);
  const at = locate(USE_TS, 'areaOf').offset;
  ws.symbols.actions.offer = () => [
    {
      ref: 'fix',
      title: 'Add import from "./shapes"',
      kind: 'quickfix',
      code: 2304,
      at,
      edits: [{ path, start: 0, length: 0, newText: IMPORT }],
    },
  ];
  return { ws, path };
}

async function firstId(ws: Workspace): Promise<string> {
  const result = successOf(await codeActions(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: 1 }, neverAborted));
  if (!('actions' in result) || result.actions[0] === undefined) throw new Error('no action listed');
  return result.actions[0].id;
}

async function apply(ws: Workspace, actionId: string, extra: Record<string, unknown> = {}): Promise<CodeActionApplied> {
  const result = successOf(await codeActions(ws.ports, { workspaceRoot: ROOT, actionId, ...extra }, neverAborted));
  if (!('filesModified' in result)) throw new Error('expected an applied action');
  return result;
}

describe('codeActions (applying an id)', () => {
  it('writes the action from the exact texts it was computed from, and answers the changed lines', async () => {
    const { ws, path } = fixture();
    const result = await apply(ws, await firstId(ws));
    expect(ws.writer.written).toEqual([[{ path, expectedText: USE_TS, newText: IMPORT + USE_TS }]]);
    expect(result).toMatchObject({ title: 'Add import from "./shapes"', kind: 'quickfix', applied: true, totalChanges: 1 });
    expect(result.filesModified).toEqual([
      { filePath: 'src/use.ts', changeCount: 1, changes: [{ line: 1, oldText: USE_TS.trimEnd(), newText: IMPORT + USE_TS.trimEnd() }] },
    ]);
  });

  it('writes nothing on a dry run, and answers the same', async () => {
    const { ws } = fixture();
    const id = await firstId(ws);
    const dry = await apply(ws, id, { dryRun: true });
    expect(ws.writer.written).toEqual([]);
    expect(dry.applied).toBe(false);
    expect({ ...(await apply(ws, id)), applied: false }).toEqual(dry);
  });

  it('reports the errors the new text adds and those it removes, checked in memory before writing', async () => {
    const { ws, path } = fixture();
    const missing: DiagnosticRecord = { path, start: 10, length: 6, category: 'error', code: 2304, message: "Cannot find name 'areaOf'." };
    const wrongType: DiagnosticRecord = {
      path,
      start: IMPORT.length + 17,
      length: 1,
      category: 'error',
      code: 2345,
      message: 'Argument of type number',
    };
    ws.symbols.simulation = (s) => ({
      referentsBefore: [],
      referentsAfter: [],
      errorsBefore: new Map([[path, [missing]]]),
      errorsAfter: new Map([[path, s.overlay.get(path) === IMPORT + USE_TS ? [wrongType] : [missing]]]),
    });
    const result = await apply(ws, await firstId(ws));
    expect(result.fixedDiagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['TS2304', 1, 11]]);
    expect(result.introducedDiagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['TS2345', 2, 18]]);
  });

  it('refuses an id once its file changed, writing nothing (FILE_CHANGED)', async () => {
    const { ws, path } = fixture();
    const id = await firstId(ws);
    ws.file('src/use.ts', `${USE_TS}// edited\n`);
    const error = errorOf(await codeActions(ws.ports, { workspaceRoot: ROOT, actionId: id }, neverAborted));
    expect(error.code).toBe('FILE_CHANGED');
    expect(error.message).toContain('src/use.ts changed since this action was listed');
    expect(ws.writer.written).toEqual([]);
    expect(path).toBeDefined();
  });

  it('refuses an action no longer offered for the same text (a file it depends on changed)', async () => {
    const { ws } = fixture();
    const id = await firstId(ws);
    ws.symbols.actions.offer = () => [];
    expect(errorOf(await codeActions(ws.ports, { workspaceRoot: ROOT, actionId: id }, neverAborted)).code).toBe('FILE_CHANGED');
  });

  it('refuses an id it did not make, and an id given with a place or kind', async () => {
    const { ws } = fixture();
    const id = await firstId(ws);
    expect(errorOf(await codeActions(ws.ports, { workspaceRoot: ROOT, actionId: 'fix-1' }, neverAborted)).code).toBe('INVALID_INPUT');
    const extra = errorOf(await codeActions(ws.ports, { workspaceRoot: ROOT, actionId: id, line: 1 }, neverAborted));
    expect(extra).toMatchObject({ code: 'INVALID_INPUT' });
    expect(extra.message).toContain('line cannot be given with it');
  });

  it('refuses an action that edits a file outside the workspace, writing nothing', async () => {
    const { ws } = fixture();
    ws.files.addDirectory('/w/other');
    ws.symbols.addFile('/w/other/lib.ts', 'export {};\n');
    ws.symbols.actions.offer = () => [
      {
        ref: 'fix',
        title: 'Export from lib',
        kind: 'quickfix',
        code: 2304,
        edits: [{ path: '/w/other/lib.ts', start: 0, length: 0, newText: 'x' }],
      },
    ];
    const error = errorOf(await codeActions(ws.ports, { workspaceRoot: ROOT, actionId: await firstId(ws) }, neverAborted));
    expect(error.code).toBe('PATH_OUTSIDE_WORKSPACE');
    expect(ws.writer.written).toEqual([]);
  });
});
