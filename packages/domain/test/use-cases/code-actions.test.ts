import { describe, expect, it } from 'vitest';
import { decodeActionId } from '../../src/rules/action-ids.js';
import { neverAborted, type FakeAction } from '../../src/testing/index.js';
import { codeActions } from '../../src/use-cases/code-actions.js';
import type { CodeActionList } from '../../src/model/code-actions.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

const USE_TS = 'export class Sq implements Shape {}\nconst a = areaOf(new Sq());\n';

function fixture(): { ws: Workspace; path: string } {
  const ws = new Workspace();
  const path = ws.file('src/use.ts', USE_TS);
  const shape = locate(USE_TS, 'Shape').offset;
  const area = locate(USE_TS, 'areaOf').offset;
  ws.symbols.fileDiagnostics.set(path, [
    { path, start: shape, length: 5, category: 'error', code: 2304, message: "Cannot find name 'Shape'." },
    { path, start: area, length: 6, category: 'error', code: 2304, message: "Cannot find name 'areaOf'." },
  ]);
  const importLine = (name: string): FakeAction['edits'] => [
    { path, start: 0, length: 0, newText: `import { ${name} } from './shapes';\n` },
  ];
  ws.symbols.actions.offer = (query) =>
    [
      { ref: 'organize', title: 'Organize imports', kind: 'source.organizeImports', edits: [] },
      { ref: 'extract', title: 'Extract to constant', kind: 'refactor.extract.constant', edits: [] },
      { ref: 'move', title: 'Move to a new file', kind: 'refactor.move.newFile', edits: [] },
      { ref: 'all', title: 'Add all missing imports', kind: 'source.fixAll', code: 2304, edits: importLine('Shape, areaOf') },
      { ref: 'fix-shape', title: 'Add import from "./shapes"', kind: 'quickfix', code: 2304, at: shape, edits: importLine('Shape') },
      {
        ref: 'fix-area',
        title: 'Add import from "./shapes"',
        kind: 'quickfix',
        code: 2304,
        at: area,
        preferred: true,
        edits: importLine('areaOf'),
      },
      { ref: 'spelling', title: "Change spelling to 'area'", kind: 'quickfix', code: 2552, at: area, edits: [] },
    ].filter((a) => query.start <= (a.at ?? query.start) && (a.at ?? query.end) <= query.end + 6);
  return { ws, path };
}

async function list(ws: Workspace, input: Record<string, unknown>): Promise<CodeActionList> {
  const result = successOf(await codeActions(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', ...input }, neverAborted));
  if (!('actions' in result)) throw new Error('expected a listing');
  return result;
}

describe('codeActions (listing)', () => {
  it('lists at a line its fixes (preferred first), the fix of all of their code and its refactorings, never a move to another file', async () => {
    const { ws } = fixture();
    const result = await list(ws, { line: 2 });
    expect(result.actions.map((a) => [a.title, a.kind, a.code, a.line])).toEqual([
      ['Add import from "./shapes"', 'quickfix', 'TS2304', 2],
      ["Change spelling to 'area'", 'quickfix', 'TS2552', 2],
      ['Add all missing imports', 'source.fixAll', 'TS2304', undefined],
      ['Extract to constant', 'refactor.extract.constant', undefined, undefined],
    ]);
    expect(result.actions[0]?.preferred).toBe(true);
    expect(ws.symbols.actions.queries[0]?.kinds).toEqual(['quickfix', 'source.fixAll', 'refactor']);
  });

  it('gives each action an id encoding its file, text hash, range, kinds and the service handle', async () => {
    const { ws } = fixture();
    const [first] = (await list(ws, { line: 2, column: 11 })).actions;
    const address = decodeActionId(first?.id ?? '');
    const at = locate(USE_TS, 'areaOf').offset;
    expect(address).toMatchObject({
      file: 'src/use.ts',
      start: at,
      end: at,
      kinds: ['quickfix', 'source.fixAll', 'refactor'],
      ref: 'fix-area',
    });
  });

  it('lists only the fixes of one code when asked, and the fix of all of it', async () => {
    const { ws } = fixture();
    const result = await list(ws, { code: 'TS2304' });
    expect(result.actions.map((a) => a.code)).toEqual(['TS2304', 'TS2304', 'TS2304']);
    expect(ws.symbols.actions.queries[0]).toMatchObject({ code: 2304, start: 0, end: USE_TS.length, kinds: ['quickfix', 'source.fixAll'] });
  });

  it('lists a fix of all of a code only when the file has that code more than once, unless asked for by kind', async () => {
    const { ws, path } = fixture();
    ws.symbols.fileDiagnostics.set(path, ws.symbols.fileDiagnostics.get(path)?.slice(0, 1) ?? []);
    expect((await list(ws, { line: 2 })).actions.map((a) => a.kind)).not.toContain('source.fixAll');
    expect((await list(ws, { kind: 'source.fixAll' })).actions.map((a) => a.title)).toEqual(['Add all missing imports']);
  });

  it('lists organize imports when asked by kind, and names what only an editor can run', async () => {
    const { ws } = fixture();
    ws.symbols.actions.clientOnly = ['Install @types/node', 'Install @types/node'];
    const result = await list(ws, { kind: 'source.organizeImports' });
    expect(result.actions.map((a) => a.title)).toEqual(['Organize imports']);
    expect(result.clientOnly).toEqual(['Install @types/node']);
  });

  it('refuses an unknown kind, a column without a line and a line beyond the file', async () => {
    const { ws } = fixture();
    const ask = async (input: Record<string, unknown>): Promise<string> =>
      errorOf(await codeActions(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', ...input }, neverAborted)).code;
    expect(await ask({ kind: 'fixes' })).toBe('INVALID_INPUT');
    expect(await ask({ column: 3 })).toBe('INVALID_INPUT');
    expect(await ask({ line: 9 })).toBe('INVALID_POSITION');
    expect(await ask({ line: 2, endLine: 1 })).toBe('INVALID_INPUT');
    expect(errorOf(await codeActions(ws.ports, { workspaceRoot: ROOT }, neverAborted)).code).toBe('INVALID_INPUT');
  });
});
