import { describe, expect, it } from 'vitest';
import type { DocumentSymbolItem } from '../../src/model/results.js';
import type { CallItem } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { declarationsTouched, impact } from '../../src/use-cases/impact.js';
import { outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

const LIB_TS = 'export function total(xs: number[]): number {\n  return xs.length;\n}\n';
const APP_TS = 'import { total } from "@mono/lib";\nexport function report(): number {\n  return total([1]) + total([2]);\n}\n';
const WEB_TS = 'import { total } from "@mono/lib";\nexport const shown = total([3]);\n';
const TEST_TS = 'import { total } from "../src/lib";\ntotal([]);\n';

/** A monorepo: `packages/lib` declares total, `packages/app` and `packages/web` use it, a test too. */
function monorepo(): { ws: Workspace; lib: string; app: string; web: string; test: string } {
  const ws = new Workspace();
  for (const manifest of ['packages/lib/package.json', 'packages/app/package.json', 'packages/web/package.json'])
    ws.files.addFile(`${ROOT}/${manifest}`, '{}');
  const lib = ws.file('packages/lib/src/total.ts', LIB_TS);
  const app = ws.file('packages/app/src/report.ts', APP_TS);
  const web = ws.file('packages/web/src/shown.ts', WEB_TS);
  const test = ws.file('packages/lib/test/total.test.ts', TEST_TS);
  const declaration = { path: lib, start: locate(LIB_TS, 'total').offset, length: 5 };
  const usesIn = (path: string, text: string, from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ path, start: locate(text, 'total', from + i).offset, length: 5 }));
  ws.symbols.symbols.push({
    name: 'total',
    declarations: [declaration],
    usages: [...usesIn(app, APP_TS, 0, 3), ...usesIn(web, WEB_TS, 0, 2), ...usesIn(test, TEST_TS, 0, 2)],
  });
  ws.symbols.outlines.set(lib, [outlineEntry(LIB_TS, 'function', 'total', LIB_TS.trimEnd())]);
  const reportText = APP_TS.slice(APP_TS.indexOf('export function report'), APP_TS.lastIndexOf('}') + 1);
  ws.symbols.outlines.set(app, [outlineEntry(APP_TS, 'function', 'report', reportText)]);
  const item = (path: string, text: string, name: string, body: string): CallItem => {
    const start = text.indexOf(body);
    return { name, kind: 'function', path, start, length: body.length, nameStart: text.indexOf(name, start), nameLength: name.length };
  };
  const totalItem = item(lib, LIB_TS, 'total', LIB_TS.trimEnd());
  const reportItem = item(app, APP_TS, 'report', reportText);
  ws.symbols.callables.push(totalItem, reportItem);
  ws.symbols.incoming.set(`${lib}:${totalItem.nameStart}`, [{ item: reportItem, sites: usesIn(app, APP_TS, 1, 2) }]);
  ws.symbols.exportsOf.set(`${lib}:${declaration.start}`, [
    { packageDir: `${ROOT}/packages/lib`, packageName: '@mono/lib', entryPoint: '.', exportedName: 'total' },
  ]);
  return { ws, lib, app, web, test };
}

describe('impact', () => {
  it('groups the uses by package and file, test code apart, with where the package exports it and its callers', async () => {
    const { ws } = monorepo();
    const result = successOf(
      await impact(ws.ports, { workspaceRoot: ROOT, filePath: 'packages/lib/src/total.ts', symbol: 'total' }, neverAborted),
    );
    const at = (text: string, nth: number) => locate(text, 'total', nth).line;
    expect(result.totalReferences).toBe(7);
    expect(result.symbols).toHaveLength(1);
    const [symbol] = result.symbols;
    expect(symbol).toMatchObject({
      name: 'total',
      kind: 'function',
      nodeId: 'function:packages/lib/src/total.ts:total',
      referenceCount: 7,
      testReferenceCount: 2,
      fileCount: 3,
      truncated: false,
      publicExports: [{ package: '@mono/lib', entryPoint: '.', exportedName: 'total' }],
    });
    expect(symbol?.packages).toEqual([
      {
        package: 'packages/app',
        count: 3,
        files: [{ filePath: 'packages/app/src/report.ts', count: 3, lines: [at(APP_TS, 0), at(APP_TS, 1)] }],
      },
      {
        package: 'packages/web',
        count: 2,
        files: [{ filePath: 'packages/web/src/shown.ts', count: 2, lines: [at(WEB_TS, 0), at(WEB_TS, 1)] }],
      },
    ]);
    expect(symbol?.tests).toEqual([{ filePath: 'packages/lib/test/total.test.ts', count: 2, lines: [at(TEST_TS, 0), at(TEST_TS, 1)] }]);
    expect(symbol?.callers).toEqual([
      {
        name: 'report',
        kind: 'function',
        nodeId: 'function:packages/app/src/report.ts:report',
        filePath: 'packages/app/src/report.ts',
        line: locate(APP_TS, 'report').line,
        column: locate(APP_TS, 'report').column,
        depth: 1,
        test: false,
      },
    ]);
  });

  it('lists at most limit reference lines, still counting every use, and says it left some out', async () => {
    const { ws } = monorepo();
    const result = successOf(
      await impact(ws.ports, { workspaceRoot: ROOT, filePath: 'packages/lib/src/total.ts', symbol: 'total', limit: 2 }, neverAborted),
    );
    const [symbol] = result.symbols;
    expect(symbol?.referenceCount).toBe(7);
    const listed = [...(symbol?.packages.flatMap((p) => p.files) ?? []), ...(symbol?.tests ?? [])].flatMap((f) => f.lines);
    expect(listed).toHaveLength(2);
    expect(symbol?.truncated).toBe(true);
  });

  it('answers every declaration a line range touches, a function rather than its locals', async () => {
    const { ws } = monorepo();
    const result = successOf(
      await impact(ws.ports, { workspaceRoot: ROOT, filePath: 'packages/app/src/report.ts', startLine: 3, endLine: 3 }, neverAborted),
    );
    expect(result.symbols.map((s) => s.nodeId)).toEqual(['function:packages/app/src/report.ts:report']);
  });

  it('refuses a range together with a symbol, a range that ends before it starts, and neither', async () => {
    const { ws } = monorepo();
    const both = errorOf(
      await impact(ws.ports, { workspaceRoot: ROOT, filePath: 'packages/lib/src/total.ts', symbol: 'total', startLine: 1 }, neverAborted),
    );
    expect(both.code).toBe('INVALID_INPUT');
    const backwards = errorOf(
      await impact(ws.ports, { workspaceRoot: ROOT, filePath: 'packages/lib/src/total.ts', startLine: 3, endLine: 1 }, neverAborted),
    );
    expect(backwards.message).toMatch(/endLine \(1\) is before startLine \(3\)/);
    expect(errorOf(await impact(ws.ports, { workspaceRoot: ROOT }, neverAborted)).code).toBe('INVALID_INPUT');
  });
});

describe('declarationsTouched', () => {
  const item = (
    name: string,
    kind: DocumentSymbolItem['kind'],
    line: number,
    endLine: number,
    children?: DocumentSymbolItem[],
  ): DocumentSymbolItem => ({
    name,
    kind,
    line,
    column: 1,
    endLine,
    ...(children === undefined ? {} : { children }),
  });
  const outline = [
    item('a', 'function', 1, 3, [item('local', 'constant', 2, 2)]),
    item('Shape', 'class', 5, 12, [item('area', 'method', 6, 8), item('side', 'property', 10, 10)]),
  ];

  it('takes a method of a class rather than the class, a function rather than its locals', () => {
    expect(declarationsTouched(outline, 2, 2).map((i) => i.name)).toEqual(['a']);
    expect(declarationsTouched(outline, 7, 10).map((i) => i.name)).toEqual(['area', 'side']);
  });

  it('takes the class when the range touches it outside its members', () => {
    expect(declarationsTouched(outline, 11, 12).map((i) => i.name)).toEqual(['Shape']);
  });
});
