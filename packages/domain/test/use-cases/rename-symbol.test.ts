import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { TextEdit } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { ROOT, Workspace, abortedSignal, errorOf, locate, successOf } from '../workspace-fixture.js';
import { renameSymbol } from '../../src/use-cases/rename-symbol.js';
import { B_TS, C_TS, TOTAL_TS, count, input, lineChanges, workspace } from './rename-symbol-fixture.js';

describe('renameSymbol', () => {
  it('renames in every file and reports files sorted by path with their changed lines and counts', async () => {
    const { ws } = workspace();
    const result = successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(result).toEqual({
      success: true,
      oldName: 'total',
      newName: 'sum',
      filesModified: [
        { filePath: 'src/b.ts', changeCount: count(B_TS, 'total'), changes: lineChanges(B_TS, 'total', 'sum') },
        { filePath: 'src/total.ts', changeCount: count(TOTAL_TS, 'total'), changes: lineChanges(TOTAL_TS, 'total', 'sum') },
        { filePath: 'src/z/c.ts', changeCount: count(C_TS, 'total'), changes: lineChanges(C_TS, 'total', 'sum') },
      ],
      totalChanges: count(B_TS, 'total') + count(TOTAL_TS, 'total') + count(C_TS, 'total'),
      applied: true,
    });
  });

  it('hands the writer the text each edit was computed from and the new text, CRLF kept', async () => {
    const { ws, totalTs, b, c } = workspace();
    successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(ws.writer.written).toHaveLength(1);
    const written = [...(ws.writer.written[0] ?? [])].sort((x, y) => (x.path < y.path ? -1 : 1));
    expect(written).toEqual([
      { path: b, expectedText: B_TS, newText: B_TS.replaceAll('total', 'sum') },
      { path: totalTs, expectedText: TOTAL_TS, newText: TOTAL_TS.replaceAll('total', 'sum') },
      { path: c, expectedText: C_TS, newText: C_TS.replaceAll('total', 'sum') },
    ]);
    expect(written[0]?.newText).toContain('\r\n');
  });

  it('counts an edit reported twice by the index once', async () => {
    const { ws } = workspace();
    const symbol = ws.symbols.symbols[0];
    ws.symbols.locationsAt = (_at, newName): readonly TextEdit[] => {
      const once = [...(symbol?.declarations ?? []), ...(symbol?.usages ?? [])].map((s) => ({ ...s, newText: newName }));
      return [...once, ...once];
    };
    const result = successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(result.totalChanges).toBe(count(B_TS, 'total') + count(TOTAL_TS, 'total') + count(C_TS, 'total'));
  });

  it('renames a #private member to another #private name, even a reserved word', async () => {
    const ws = new Workspace();
    const CLASS_TS = 'class Counter {\n  #count = 0;\n  inc() { return ++this.#count; }\n}\n';
    const path = ws.file('src/counter.ts', CLASS_TS);
    ws.symbols.addSymbolByText('#count', [path]);
    const result = successOf(await renameSymbol(ws.ports, input('#class', 'src/counter.ts', CLASS_TS, '#count'), neverAborted));
    expect(result.filesModified).toEqual([
      { filePath: 'src/counter.ts', changeCount: 2, changes: lineChanges(CLASS_TS, '#count', '#class') },
    ]);
  });

  it.each([
    ['an invalid identifier', '2fast'],
    ['a reserved word', 'class'],
    ['a #private name for a plain symbol', '#sum'],
    ['an empty name', ''],
  ])('refuses %s with INVALID_NEW_NAME and writes nothing', async (_case, newName) => {
    const { ws } = workspace();
    const error = errorOf(await renameSymbol(ws.ports, input(newName), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_NEW_NAME);
    expect(error.message).toContain(`"${newName}"`);
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses a newName longer than any real name with INVALID_NEW_NAME, quoting it briefly', async () => {
    const { ws } = workspace();
    const error = errorOf(await renameSymbol(ws.ports, input('a'.repeat(1_000_000)), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_NEW_NAME);
    expect(error.message.length).toBeLessThan(400);
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses the current name with INVALID_NEW_NAME', async () => {
    const { ws } = workspace();
    const error = errorOf(await renameSymbol(ws.ports, input('total'), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_NEW_NAME);
    expect(error.message).toContain('already has that name');
  });

  it('refuses with SYMBOL_NOT_RENAMEABLE, giving the reason, when the index refuses', async () => {
    const ws = new Workspace();
    const USE = 'parseInt("1");\n';
    const path = ws.file('src/use.ts', USE);
    ws.symbols.addSymbolByText('parseInt', [path], {
      refuseRename: 'You cannot rename elements that are defined in the standard TypeScript library.',
    });
    const error = errorOf(await renameSymbol(ws.ports, input('toInt', 'src/use.ts', USE, 'parseInt'), neverAborted));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_RENAMEABLE);
    expect(error.message).toContain('standard TypeScript library');
    expect(error.resolution).toContain('declared in your own source files');
    expect(ws.writer.written).toEqual([]);
  });

  it("refuses with SYMBOL_NOT_RENAMEABLE what the language server will not rename, saying to rename it by hand rather than to pick one's own symbol", async () => {
    const ws = new Workspace();
    const USE = 'parseInt("1");\n';
    const path = ws.file('src/use.ts', USE);
    ws.symbols.addSymbolByText('parseInt', [path], {
      refuseRename: 'Cannot rename symbol: symbol is not a supported kind (e.g. namespace, macro)',
      refuseRenameBy: 'clangd',
    });
    const error = errorOf(await renameSymbol(ws.ports, input('toInt', 'src/use.ts', USE, 'parseInt'), neverAborted));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_RENAMEABLE);
    expect(error.message).toContain('not a supported kind');
    expect(error.resolution).toContain('clangd will not rename this symbol');
    expect(error.resolution).toContain('find_references');
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses with SYMBOL_NOT_RENAMEABLE a symbol declared in node_modules', async () => {
    const ws = new Workspace();
    const DEP = 'export declare function debounce(): void;\n';
    const USE = 'import { debounce } from "dep";\ndebounce();\n';
    const dep = ws.file('node_modules/dep/index.d.ts', DEP);
    const use = ws.file('src/use.ts', USE);
    ws.symbols.addSymbolByText('debounce', [dep, use]);
    const error = errorOf(await renameSymbol(ws.ports, input('wait', 'src/use.ts', USE, 'debounce()'), neverAborted));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_RENAMEABLE);
    expect(error.message).toContain(dep);
    expect(error.message).toContain('node_modules');
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses with SYMBOL_NOT_RENAMEABLE a symbol declared outside the root', async () => {
    const ws = new Workspace();
    const SHARED = 'export const shared = 1;\n';
    const USE = 'import { shared } from "../../outside/lib";\nshared;\n';
    const lib = ws.file('/w/outside/lib.ts', SHARED);
    const use = ws.file('src/use.ts', USE);
    ws.symbols.addSymbolByText('shared', [lib, use]);
    const error = errorOf(await renameSymbol(ws.ports, input('common', 'src/use.ts', USE, 'shared;'), neverAborted));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_RENAMEABLE);
    expect(error.message).toContain('outside the workspace');
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses with PATH_OUTSIDE_WORKSPACE when an edit would land outside the root, naming the file', async () => {
    const { ws, totalTs } = workspace();
    const OTHER = 'import { total } from "../../src/app/src/total";\ntotal([]);\n';
    const other = ws.file('/w/other/use.ts', OTHER);
    ws.symbols.symbols.length = 0;
    ws.symbols.addSymbolByText('total', [totalTs, other]);
    const error = errorOf(await renameSymbol(ws.ports, input('sum', 'src/total.ts', TOTAL_TS, 'total'), neverAborted));
    expect(error.code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
    expect(error.message).toContain('/w/other/use.ts');
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses with PATH_OUTSIDE_WORKSPACE when an edit would land in node_modules', async () => {
    const { ws, totalTs } = workspace();
    const DEP = 'import { total } from "../../src/total";\ntotal;\n';
    const dep = ws.file('node_modules/plugin/index.ts', DEP);
    ws.symbols.symbols.length = 0;
    ws.symbols.addSymbolByText('total', [totalTs, dep]);
    const error = errorOf(await renameSymbol(ws.ports, input('sum', 'src/total.ts', TOTAL_TS, 'total'), neverAborted));
    expect(error.code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
    expect(error.message).toContain(dep);
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses with RENAME_CONFLICT, listing each conflict with its place, and writes nothing', async () => {
    const ws = new Workspace();
    const TEXT = 'const sum = 0;\nfunction total() {}\ntotal();\n';
    const path = ws.file('src/a.ts', TEXT);
    ws.symbols.addSymbolByText('total', [path]);
    const existing = locate(TEXT, 'sum');
    // The existing `sum` referred to its own declaration; with the edits it refers to the renamed function.
    ws.symbols.simulation = (simulation) => ({
      referentsBefore: simulation.before.map((site) =>
        site.offset === existing.offset ? [{ path, start: existing.offset, length: 3 }] : [],
      ),
      referentsAfter: simulation.after.map(() => [{ path, start: TEXT.indexOf('total'), length: 3 }]),
      errorsBefore: new Map(),
      errorsAfter: new Map(),
    });
    const error = errorOf(await renameSymbol(ws.ports, input('sum', 'src/a.ts', TEXT, 'total'), neverAborted));
    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error.message).toContain(`src/a.ts:${existing.line}:${existing.column} "sum" is already declared here`);
    expect(error.resolution).toContain('sum2');
    expect(ws.writer.written).toEqual([]);
  });

  it('says another name would fail the same way when every conflict is an error the renamed code would have, not a name taken', async () => {
    const { ws, totalTs } = workspace();
    // An implementation the rename does not reach stops matching its interface (gopls, a generic interface's method).
    const missing = {
      path: totalTs,
      start: 0,
      length: 5,
      category: 'error' as const,
      code: 'InvalidIfaceAssign',
      message: 'missing method sum',
    };
    ws.symbols.simulation = (simulation) => ({
      referentsBefore: simulation.before.map(() => []),
      referentsAfter: simulation.after.map(() => []),
      errorsBefore: new Map(),
      errorsAfter: new Map([[totalTs, [missing]]]),
    });
    const error = errorOf(await renameSymbol(ws.ports, { ...input('sum'), dryRun: true }, neverAborted));
    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error.message).toContain('missing method sum');
    expect(error.resolution).toContain('another name would fail the same way');
    expect(error.resolution).toContain('find_references');
    expect(error.resolution).not.toContain("doesn't conflict with existing symbols");
  });

  it('lists the first ten conflicts and says how many more there are', async () => {
    const ws = new Workspace();
    const TEXT = `function total() {}\ntotal();\n${'let sum = 1;\n'.repeat(12)}`;
    const path = ws.file('src/a.ts', TEXT);
    ws.symbols.addSymbolByText('total', [path]);
    ws.symbols.simulation = (simulation) => ({
      referentsBefore: simulation.before.map((site) => [{ path, start: site.offset, length: 3 }]),
      referentsAfter: simulation.after.map(() => []),
      errorsBefore: new Map(),
      errorsAfter: new Map(),
    });
    const error = errorOf(await renameSymbol(ws.ports, input('sum', 'src/a.ts', TEXT, 'total'), neverAborted));
    expect(error.message.split('is already declared here')).toHaveLength(11);
    expect(error.message).toContain(`src/a.ts:${locate(TEXT, 'sum', 9).line}:`);
    expect(error.message).not.toContain(`src/a.ts:${locate(TEXT, 'sum', 10).line}:`);
    expect(error.message).toContain('(and 2 more)');
  });

  it('refuses with RENAME_CONFLICT a name it cannot resolve where the rename does not reach, saying to rename it by hand before retrying', async () => {
    const { ws } = workspace();
    const hidden = ws.file('tests/dynamic.ts', 'const m: any = load();\nm.total([]);\n');
    ws.symbols.renameUnresolved = [{ path: hidden, start: 'const m: any = load();\nm.'.length, length: 'total'.length }];
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error.message).toContain('tests/dynamic.ts:2:3 (m.total([]);)');
    // The rename stays refused while the name is there: what to do comes first, not after a rename that cannot happen.
    expect(error.resolution).toContain('then retry: the rename goes ahead once none of them spells "total"');
    expect(error.resolution).toContain('Rename by hand to "sum" each that uses the symbol');
    expect(error.resolution).not.toContain('after the rename');
    expect(ws.writer.written).toEqual([]);
  });

  it("refuses with RENAME_CONFLICT a name in a file outside the service's build, naming the build constraint, nothing written", async () => {
    const { ws } = workspace();
    const other = ws.file('src/a_windows.ts', 'export const w = total([]);\n');
    ws.symbols.renameOutsideBuild = [{ path: other, start: 'export const w = '.length, length: 'total'.length }];
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error.message).toContain('src/a_windows.ts:1:18 (export const w = total([]);)');
    expect(error.message).toContain("files that the language server's build leaves out (a build constraint");
    expect(error.resolution).toContain('then retry: the rename goes ahead once none of them spells "total"');
    expect(error.resolution).toContain('Rename by hand to "sum" each that uses the symbol');
    expect(ws.writer.written).toEqual([]);
  });

  it('returns LANGUAGE_SERVER_ERROR when the index finds nothing to rename', async () => {
    const { ws } = workspace();
    ws.symbols.locationsAt = (): readonly TextEdit[] => [];
    expect(errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted)).code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
  });

  it('returns FILE_CHANGED when the edits do not fit the current text', async () => {
    const { ws, b } = workspace();
    ws.symbols.locationsAt = (): readonly TextEdit[] => [{ path: b, start: B_TS.length - 2, length: 5, newText: 'sum' }];
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain('src/b.ts');
    expect(ws.writer.written).toEqual([]);
  });

  it('returns FILE_UNREADABLE when a file to edit cannot be read', async () => {
    const { ws } = workspace();
    ws.symbols.locationsAt = (): readonly TextEdit[] => [{ path: `${ROOT}/src/gone.ts`, start: 0, length: 5, newText: 'sum' }];
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.FILE_UNREADABLE);
    expect(error.message).toContain('src/gone.ts');
  });

  it.each([ErrorCode.FILE_CHANGED, ErrorCode.WRITE_FAILED, ErrorCode.PATH_OUTSIDE_WORKSPACE])(
    'passes the writer refusal %s through',
    async (code) => {
      const { ws } = workspace();
      ws.writer.failWith = code;
      expect(errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted)).code).toBe(code);
    },
  );

  it('returns CANCELLED and writes nothing when the signal is aborted', async () => {
    const { ws } = workspace();
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), abortedSignal('stop')));
    expect(error.code).toBe(ErrorCode.CANCELLED);
    expect(ws.writer.written).toEqual([]);
  });
});

describe('renameSymbol: where a rename goes and what it writes', () => {
  it('answers a dry run exactly as the rename, applied false, and writes nothing', async () => {
    const { ws } = workspace();
    const real = successOf(await renameSymbol(workspace().ws.ports, input('sum'), neverAborted));
    const dry = successOf(await renameSymbol(ws.ports, { ...input('sum'), dryRun: true }, neverAborted));
    expect(dry).toEqual({ ...real, applied: false });
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses with FILE_UNREADABLE, naming it, when a file that may use the symbol could not be processed', async () => {
    const { ws } = workspace();
    ws.symbols.renameFailures = [{ path: `${ROOT}/src/huge.ts`, reason: 'file is larger than 10 MB' }];
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.FILE_UNREADABLE);
    expect(error.message).toContain('src/huge.ts (file is larger than 10 MB)');
    expect(ws.writer.written).toEqual([]);
  });

  it('goes on through a re-export that keeps the name, to the importers of the barrel', async () => {
    const ws = new Workspace();
    const LIB = 'export function total() { return 1; }\n';
    const BARREL = 'export { total } from "./lib";\n';
    const APP = 'import { total } from "./index";\ntotal();\n';
    const lib = ws.file('src/lib.ts', LIB);
    const barrel = ws.file('src/index.ts', BARREL);
    const app = ws.file('src/app.ts', APP);
    ws.symbols.addSymbolByText('total', [lib]);
    const at = (path: string, text: string, needle: string, nth = 0): { path: string; start: number; length: number } => ({
      path,
      start: locate(text, needle, nth).offset,
      length: needle.length,
    });
    const specifier = at(barrel, BARREL, 'total');
    ws.symbols.locationsAt = (site, newName) =>
      site.path === barrel
        ? [
            { ...specifier, newText: newName },
            { ...at(app, APP, 'total'), newText: newName },
            { ...at(app, APP, 'total', 1), newText: newName },
          ]
        : [
            { ...at(lib, LIB, 'total'), newText: newName },
            { ...specifier, newText: `${newName} as total` },
          ];
    const result = successOf(await renameSymbol(ws.ports, input('sum', 'src/lib.ts', LIB, 'total'), neverAborted));
    const written = new Map((ws.writer.written[0] ?? []).map((c) => [c.path, c.newText]));
    expect(written.get(barrel)).toBe('export { sum } from "./lib";\n');
    expect(written.get(app)).toBe('import { sum } from "./index";\nsum();\n');
    expect(result.totalChanges).toBe(4);
  });

  it('renames the exported symbol when asked at an import that keeps its name', async () => {
    const { ws, totalTs } = workspace();
    const symbol = ws.symbols.symbols[0];
    const all = [...(symbol?.declarations ?? []), ...(symbol?.usages ?? [])];
    // Asked anywhere but the declaration, the service renames only the local alias.
    ws.symbols.locationsAt = (site, newName) =>
      site.path === totalTs
        ? all.map((s) => ({ ...s, newText: newName }))
        : [{ path: site.path, start: B_TS.indexOf('total'), length: 5, newText: `total as ${newName}` }];
    successOf(await renameSymbol(ws.ports, input('sum', 'src/b.ts', B_TS, 'total }'), neverAborted));
    const written = new Map((ws.writer.written[0] ?? []).map((c) => [c.path, c.newText]));
    expect(written.get(totalTs)).toBe(TOTAL_TS.replaceAll('total', 'sum'));
    expect([...written.values()].join('')).not.toContain(' as ');
  });
});
