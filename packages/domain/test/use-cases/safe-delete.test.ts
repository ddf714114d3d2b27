import { describe, expect, it } from 'vitest';
import { neverAborted } from '../../src/testing/index.js';
import { safeDelete } from '../../src/use-cases/safe-delete.js';
import { outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

const LIB_TS = 'export const kept = 1;\n\n/** Old. */\nexport function old(): number {\n  return 1;\n}\n\nexport const after = 2;\n';
const USE_TS = 'import { old } from "./lib";\nold();\n';

function workspace(
  used: boolean,
  text = LIB_TS,
  declaration = 'export function old(): number {\n  return 1;\n}',
  doc: string | null = '/** Old. */',
): { ws: Workspace; lib: string } {
  const ws = new Workspace();
  const lib = ws.file('src/lib.ts', text);
  const use = ws.file('src/use.ts', USE_TS);
  ws.symbols.addSymbolByText('old', used ? [lib, use] : [lib]);
  const start = text.indexOf(declaration);
  ws.syntax.shapes.set(text, [
    {
      kind: 'function',
      name: 'old',
      start,
      end: start + declaration.length,
      nameStart: locate(text, 'old').offset,
      ...(doc === null ? {} : { docComment: { start: text.indexOf(doc), end: text.indexOf(doc) + doc.length } }),
    },
  ]);
  ws.symbols.outlines.set(lib, [outlineEntry(text, 'function', 'old', declaration)]);
  return { ws, lib };
}

describe('safeDelete', () => {
  it('refuses a symbol still used, listing where, and writes nothing', async () => {
    const { ws } = workspace(true);
    const error = errorOf(await safeDelete(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.ts', symbol: 'old' }, neverAborted));
    expect(error.code).toBe('SYMBOL_IN_USE');
    expect(error.message).toContain('old is still used in 2 places: src/use.ts:1:10, src/use.ts:2:1');
    expect(ws.writer.written).toEqual([]);
  });

  it("refuses a symbol spelled in a file outside the service's build, listing where, and writes nothing", async () => {
    const { ws } = workspace(false);
    const other = ws.file('src/use_windows.ts', 'import { old } from "./lib";\nold();\n');
    ws.symbols.referencesOutsideBuild = [{ path: other, start: 'import { old } from "./lib";\n'.length, length: 3 }];
    const error = errorOf(await safeDelete(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.ts', symbol: 'old' }, neverAborted));
    expect(error.code).toBe('SYMBOL_IN_USE');
    expect(error.message).toContain("old is spelled in 1 place of files that the language server's build leaves out");
    expect(error.message).toContain('src/use_windows.ts:2:1');
    expect(error.resolution).toContain('Remove or replace those uses first');
    expect(ws.writer.written).toEqual([]);
  });

  it('removes an unused declaration with its doc comment and one of the blank lines around it, all at once', async () => {
    const { ws, lib } = workspace(false);
    const result = successOf(await safeDelete(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.ts', symbol: 'old' }, neverAborted));
    expect(result).toMatchObject({ symbolName: 'old', filePath: 'src/lib.ts', removed: [{ startLine: 3, endLine: 6 }], applied: true });
    expect(ws.writer.written).toEqual([
      [{ path: lib, expectedText: LIB_TS, newText: 'export const kept = 1;\n\nexport const after = 2;\n' }],
    ]);
  });

  it('leaves as many blank lines between its neighbours as there were before it (two in Python)', async () => {
    const text = 'a = 1\n\n\ndef old():\n    return 1\n\n\nb = 2\n';
    const { ws } = workspace(false, text, 'def old():\n    return 1', null);
    successOf(await safeDelete(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.ts', symbol: 'old' }, neverAborted));
    expect(ws.writer.written[0]?.[0]?.newText).toBe('a = 1\n\n\nb = 2\n');
  });

  it('takes the blank lines before it when it is last in the file', async () => {
    const text = 'export const kept = 1;\n\nexport function old(): number {\n  return 1;\n}\n';
    const { ws } = workspace(false, text, 'export function old(): number {\n  return 1;\n}', null);
    successOf(await safeDelete(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.ts', symbol: 'old' }, neverAborted));
    expect(ws.writer.written[0]?.[0]?.newText).toBe('export const kept = 1;\n');
  });

  it("refuses a symbol a package's entry point exports, naming it, though nothing in the workspace uses it", async () => {
    const { ws, lib } = workspace(false);
    const declaration = locate(LIB_TS, 'old').offset;
    ws.symbols.exportsOf.set(`${lib}:${declaration}`, [
      { packageDir: ROOT, packageName: '@demo/lib', entryPoint: '.', exportedName: 'old' },
    ]);
    const error = errorOf(await safeDelete(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.ts', symbol: 'old' }, neverAborted));
    expect(error.code).toBe('SYMBOL_IN_USE');
    expect(error.message).toContain('old is part of the public API: exported by @demo/lib "." as old');
    expect(ws.writer.written).toEqual([]);
  });

  it('writes nothing on a dry run', async () => {
    const { ws } = workspace(false);
    const result = successOf(
      await safeDelete(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.ts', symbol: 'old', dryRun: true }, neverAborted),
    );
    expect(result.applied).toBe(false);
    expect(ws.writer.written).toEqual([]);
  });
});
