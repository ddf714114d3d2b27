import { describe, expect, it } from 'vitest';
import type { SourceSpan, TextEdit } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { renameSymbol } from '../../src/use-cases/rename-symbol.js';
import { ROOT, Workspace, locate, successOf } from '../workspace-fixture.js';

/*
 * CommonJS modules, as a TypeScript service renames them: it keeps a member of
 * `module.exports = { total }` and a `const { total } = require(…)` as object shapes (`{ total:
 * sum }`), though TypeScript binds them as an export and an import. The domain renames the
 * module's API through them, as through `export { total }` and `import { total }`.
 */
const LIB = 'function total() { return 1; }\nmodule.exports = { total };\n';
const APP = 'const { total } = require("./lib");\ntotal();\n';

function workspace(): { ws: Workspace; lib: string; app: string; at: (path: string, needle: string, nth?: number) => SourceSpan } {
  const ws = new Workspace();
  const lib = ws.file('src/lib.js', LIB);
  const app = ws.file('src/app.js', APP);
  ws.symbols.addSymbolByText('total', [lib, app]);
  const at = (path: string, needle: string, nth = 0): SourceSpan => ({
    path,
    start: locate(path === lib ? LIB : APP, needle, nth).offset,
    length: 'total'.length,
  });
  return { ws, lib, app, at };
}

function written(ws: Workspace): Map<string, string> {
  return new Map((ws.writer.written[0] ?? []).map((c) => [c.path, c.newText]));
}

describe('renaming a CommonJS export', () => {
  it('goes on through a member of `module.exports = { … }` to the modules that require it', async () => {
    const { ws, lib, app, at } = workspace();
    const exported = at(lib, 'total }');
    // At the declaration the service keeps the export's name; at the member it also names the uses it missed.
    ws.symbols.locationsAt = (site, newName): TextEdit[] => [
      { ...at(lib, 'total'), newText: newName },
      { ...exported, newText: `total: ${newName}` },
      ...(site.offset === exported.start ? [at(app, 'total'), at(app, 'total', 1)].map((s) => ({ ...s, newText: newName })) : []),
    ];
    const { line, column } = locate(LIB, 'total');
    const result = successOf(
      await renameSymbol(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.js', line, column, newName: 'sum' }, neverAborted),
    );
    expect(written(ws).get(lib)).toBe(LIB.replaceAll('total', 'sum'));
    expect(written(ws).get(app)).toBe(APP.replaceAll('total', 'sum'));
    expect(result.totalChanges).toBe(4);
  });

  it('renames the exported symbol when asked at a `require` destructuring that keeps its name', async () => {
    const { ws, lib, app, at } = workspace();
    const everywhere = [at(lib, 'total'), at(lib, 'total', 1), at(app, 'total'), at(app, 'total', 1)];
    ws.symbols.locationsAt = (site, newName): TextEdit[] =>
      site.path === app
        ? [
            { ...at(app, 'total'), newText: `total: ${newName}` },
            { ...at(app, 'total', 1), newText: newName },
          ]
        : everywhere.map((s) => ({ ...s, newText: newName }));
    const { line, column } = locate(APP, 'total');
    successOf(await renameSymbol(ws.ports, { workspaceRoot: ROOT, filePath: 'src/app.js', line, column, newName: 'sum' }, neverAborted));
    expect(written(ws).get(lib)).toBe(LIB.replaceAll('total', 'sum'));
    expect(written(ws).get(app)).toBe(APP.replaceAll('total', 'sum'));
  });

  it("takes the new name plainly in a `require` destructuring renamed from the export's side, with its uses", async () => {
    const LIB_PROPERTY = 'exports.total = function () { return 1; };\n';
    const ws = new Workspace();
    const lib = ws.file('src/lib.js', LIB_PROPERTY);
    const app = ws.file('src/app.js', APP);
    ws.symbols.addSymbolByText('total', [lib, app]);
    const inApp = (nth: number): SourceSpan => ({ path: app, start: locate(APP, 'total', nth).offset, length: 5 });
    const declaration: SourceSpan = { path: lib, start: LIB_PROPERTY.indexOf('total'), length: 5 };
    ws.symbols.locationsAt = (site, newName): TextEdit[] =>
      site.path === app
        ? [
            { ...inApp(0), newText: `total: ${newName}` },
            { ...inApp(1), newText: newName },
          ]
        : [
            { ...declaration, newText: newName },
            { ...inApp(0), newText: `${newName}: total` },
          ];
    const { line, column } = locate(LIB_PROPERTY, 'total');
    successOf(await renameSymbol(ws.ports, { workspaceRoot: ROOT, filePath: 'src/lib.js', line, column, newName: 'sum' }, neverAborted));
    expect(written(ws).get(lib)).toBe(LIB_PROPERTY.replace('total', 'sum'));
    expect(written(ws).get(app)).toBe(APP.replaceAll('total', 'sum'));
  });

  it('keeps the object shape of any other shorthand property', async () => {
    const ws = new Workspace();
    const TEXT = 'const total = 1;\nconst shape = { total };\n';
    const file = ws.file('src/shape.js', TEXT);
    ws.symbols.addSymbolByText('total', [file]);
    const site = (nth: number): SourceSpan => ({ path: file, start: locate(TEXT, 'total', nth).offset, length: 5 });
    ws.symbols.locationsAt = (_at, newName): TextEdit[] => [
      { ...site(0), newText: newName },
      { ...site(1), newText: `total: ${newName}` },
    ];
    const { line, column } = locate(TEXT, 'total');
    successOf(await renameSymbol(ws.ports, { workspaceRoot: ROOT, filePath: 'src/shape.js', line, column, newName: 'sum' }, neverAborted));
    expect(written(ws).get(file)).toBe('const sum = 1;\nconst shape = { total: sum };\n');
  });
});
