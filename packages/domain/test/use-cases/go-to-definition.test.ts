import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { SourceSpan } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';
import { goToDefinition } from '../../src/use-cases/go-to-definition.js';
import { outlineEntry } from '../outline-fixture.js';

const SHAPES_TS =
  'export function area(r: number): number;\nexport function area(w: number, h: number): number;\nexport function area(a: number, b?: number) {\n  return b === undefined ? a * a : a * b;\n}\n';
const MAIN_TS = 'import { area } from "../../src/use-cases/shapes";\n\tconsole.log(area(2));\n';

function span(path: string, text: string, needle: string, nth = 0): SourceSpan {
  return { path, start: locate(text, needle, nth).offset, length: needle.length };
}

describe('goToDefinition', () => {
  it('returns the definition with its line, code-point column and snippet', async () => {
    const ws = new Workspace();
    const UTIL_TS = 'const s = "😀"; export const answer = 42;\n';
    const USE_TS = 'import { answer } from "../../src/use-cases/util";\nanswer;\n';
    const util = ws.file('src/util.ts', UTIL_TS);
    const use = ws.file('src/use.ts', USE_TS);
    ws.symbols.addSymbolByText('answer', [util, use]);
    const at = locate(USE_TS, 'answer;');
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: at.line, column: at.column }, neverAborted),
    );
    const def = locate(UTIL_TS, 'answer');
    expect(result).toEqual({
      success: true,
      symbolName: 'answer',
      definitions: [{ filePath: 'src/util.ts', line: def.line, column: def.column, codeSnippet: def.lineText, isExternal: false }],
    });
  });

  it('names a definition in a workspace file by its node id, so the next call needs no position', async () => {
    const ws = new Workspace();
    const CALC_TS = 'export class Calculator {\n  add(a: number) { return a; }\n}\n';
    const USE_TS = 'import { Calculator } from "../../src/use-cases/calc";\nnew Calculator().add(1);\n';
    const calc = ws.file('src/calc.ts', CALC_TS);
    const use = ws.file('src/use.ts', USE_TS);
    ws.symbols.addSymbolByText('add', [calc, use]);
    const add = outlineEntry(CALC_TS, 'method', 'add', 'add(a: number) { return a; }');
    ws.symbols.outlines.set(calc, [outlineEntry(CALC_TS, 'class', 'Calculator', CALC_TS.trimEnd(), { children: [add] })]);
    const at = locate(USE_TS, 'add(1)');
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: at.line, column: at.column }, neverAborted),
    );
    expect(result.definitions.map((d) => d.nodeId)).toEqual(['method:src/calc.ts:Calculator.add']);
    const again = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, nodeId: 'method:src/calc.ts:Calculator.add' }, neverAborted),
    );
    expect(again.definitions.map((d) => [d.filePath, d.line, d.column])).toEqual([
      ['src/calc.ts', locate(CALC_TS, 'add').line, locate(CALC_TS, 'add').column],
    ]);
  });

  it("names a definition from the outline entries that hold it when the service gives them, without the file's outline", async () => {
    const ws = new Workspace();
    const CALC_TS = 'export class Calculator {\n  add(a: number) { return a; }\n}\n';
    const USE_TS = 'import { Calculator } from "../../src/use-cases/calc";\nnew Calculator().add(1);\n';
    const calc = ws.file('src/calc.ts', CALC_TS);
    const use = ws.file('src/use.ts', USE_TS);
    ws.symbols.addSymbolByText('add', [calc, use]);
    ws.symbols.ancestries.set(`${calc}:${locate(CALC_TS, 'add').offset}`, [
      { name: 'Calculator', kind: 'class' },
      { name: 'add', kind: 'method' },
    ]);
    const at = locate(USE_TS, 'add(1)');
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: at.line, column: at.column }, neverAborted),
    );
    expect(result.definitions.map((d) => d.nodeId)).toEqual(['method:src/calc.ts:Calculator.add']);
    expect(ws.symbols.outlinesAsked).toEqual([]);
  });

  it('names a definition from the outline when the service cannot give the entries that hold it', async () => {
    const ws = new Workspace();
    const CALC_TS = 'export class Calculator {\n  add(a: number) { return a; }\n}\n';
    const USE_TS = 'import { Calculator } from "../../src/use-cases/calc";\nnew Calculator().add(1);\n';
    const calc = ws.file('src/calc.ts', CALC_TS);
    const use = ws.file('src/use.ts', USE_TS);
    ws.symbols.addSymbolByText('add', [calc, use]);
    const add = outlineEntry(CALC_TS, 'method', 'add', 'add(a: number) { return a; }');
    ws.symbols.outlines.set(calc, [outlineEntry(CALC_TS, 'class', 'Calculator', CALC_TS.trimEnd(), { children: [add] })]);
    const at = locate(USE_TS, 'add(1)');
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: at.line, column: at.column }, neverAborted),
    );
    expect(result.definitions.map((d) => d.nodeId)).toEqual(['method:src/calc.ts:Calculator.add']);
    expect(ws.symbols.outlinesAsked).toEqual([calc]);
  });

  it('returns every overload, in line order', async () => {
    const ws = new Workspace();
    const shapes = ws.file('src/shapes.ts', SHAPES_TS);
    const main = ws.file('src/main.ts', MAIN_TS);
    ws.symbols.symbols.push({
      name: 'area',
      declarations: [span(shapes, SHAPES_TS, 'area', 2), span(shapes, SHAPES_TS, 'area', 0), span(shapes, SHAPES_TS, 'area', 1)],
      usages: [span(main, MAIN_TS, 'area', 0), span(main, MAIN_TS, 'area', 1)],
    });
    const at = locate(MAIN_TS, 'area(2)');
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/main.ts', line: at.line, column: at.column }, neverAborted),
    );
    expect(result.definitions.map((d) => [d.line, d.codeSnippet])).toEqual(
      [0, 1, 2].map((nth) => {
        const def = locate(SHAPES_TS, 'area', nth);
        return [def.line, def.lineText];
      }),
    );
  });

  it('marks a .d.ts file of the project as external but shows its path relative to the root', async () => {
    const ws = new Workspace();
    const TYPES = 'declare const VERSION: string;\n';
    const USE = 'VERSION;\n';
    const types = ws.file('types/env.d.ts', TYPES);
    const use = ws.file('src/use.ts', USE);
    ws.symbols.addSymbolByText('VERSION', [types, use]);
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: 1, column: 1 }, neverAborted),
    );
    expect(result.definitions).toEqual([
      {
        filePath: 'types/env.d.ts',
        line: 1,
        column: locate(TYPES, 'VERSION').column,
        codeSnippet: 'declare const VERSION: string;',
        isExternal: true,
      },
    ]);
  });

  it('returns node_modules definitions with absolute paths, marked external, after project ones', async () => {
    const ws = new Workspace();
    const DEP = 'export interface Options { debug: boolean }\n';
    const LOCAL = 'export interface Options { verbose: boolean }\n';
    const USE = 'import type { Options } from "dep";\nlet o: Options;\n';
    const dep = ws.file('node_modules/dep/index.d.ts', DEP);
    const local = ws.file('src/augment.ts', LOCAL);
    const use = ws.file('src/use.ts', USE);
    ws.symbols.symbols.push({
      name: 'Options',
      declarations: [span(dep, DEP, 'Options'), span(local, LOCAL, 'Options')],
      usages: [span(use, USE, 'Options', 1)],
    });
    const at = locate(USE, 'Options;');
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: at.line, column: at.column }, neverAborted),
    );
    expect(result.definitions.map((d) => [d.filePath, d.isExternal])).toEqual([
      ['src/augment.ts', false],
      [dep, true],
    ]);
  });

  it('marks a definition outside the root as external, with an absolute path', async () => {
    const ws = new Workspace();
    const LIB = 'interface Array<T> { length: number }\n';
    const USE = 'let a: Array<number>;\n';
    const lib = ws.file('/usr/lib/typescript/lib.es5.d.ts', LIB);
    const use = ws.file('src/use.ts', USE);
    ws.symbols.addSymbolByText('Array', [lib, use]);
    const at = locate(USE, 'Array');
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: at.line, column: at.column }, neverAborted),
    );
    expect(result.definitions).toEqual([
      { filePath: lib, line: 1, column: locate(LIB, 'Array').column, codeSnippet: LIB.trimEnd(), isExternal: true },
    ]);
  });

  it('returns success with no definitions when the symbol has none', async () => {
    const ws = new Workspace();
    const USE = 'undeclared();\n';
    ws.file('src/use.ts', USE);
    const result = successOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: 1, column: 1 }, neverAborted),
    );
    expect(result).toEqual({ success: true, symbolName: 'undeclared', definitions: [] });
  });

  it('returns LANGUAGE_SERVER_ERROR when the index throws', async () => {
    const ws = new Workspace();
    ws.file('src/use.ts', 'x;\n');
    ws.symbols.definitions = (): Promise<readonly SourceSpan[]> => Promise.reject(new TypeError('Cannot read properties of undefined'));
    const error = errorOf(
      await goToDefinition(ws.ports, { workspaceRoot: ROOT, filePath: 'src/use.ts', line: 1, column: 1 }, neverAborted),
    );
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toContain('Cannot read properties of undefined');
  });
});
