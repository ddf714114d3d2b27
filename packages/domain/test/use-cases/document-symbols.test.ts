import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { DocumentSymbolItem } from '../../src/model/results.js';
import type { SymbolKind } from '../../src/model/symbols.js';
import type { Signal } from '../../src/model/signal.js';
import type { OutlineSymbol } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { toyDeclarations } from '../declaration-fixture.js';
import { between, outlineEntry, type EntryOptions } from '../outline-fixture.js';
import { MAX_LIST_CHARS, MAX_NAME_LENGTH } from '../../src/rules/answer-size.js';
import { ROOT, Workspace, codePointCount, errorOf, locate, successOf } from '../workspace-fixture.js';
import { documentSymbols } from '../../src/use-cases/document-symbols.js';

const SHAPES_TS = `export interface Shape {
  area(): number;
}

export class Circle implements Shape {
  constructor(readonly r: number) {}

  area(): number {
    return Math.PI * this.r ** 2;
  }
}

const s = "😀"; export const unit = new Circle(1);
`;

const SHAPE = between(SHAPES_TS, 'export interface Shape', '\n}');
const CIRCLE = between(SHAPES_TS, 'export class Circle', '\n}');
const CTOR = 'constructor(readonly r: number) {}';
const CIRCLE_AREA = between(SHAPES_TS, 'area(): number {', '\n  }');
const UNIT = 'export const unit = new Circle(1);';

const entry = (kind: SymbolKind, name: string, declaration: string, options: EntryOptions = {}): OutlineSymbol =>
  outlineEntry(SHAPES_TS, kind, name, declaration, options);

function workspace(): Workspace {
  const ws = new Workspace();
  const shapes = ws.file('src/shapes.ts', SHAPES_TS);
  // Out of source order on purpose: the result is in source order whatever the service gives.
  ws.symbols.outlines.set(shapes, [
    entry('constant', 'unit', UNIT),
    entry('class', 'Circle', CIRCLE, {
      children: [entry('method', 'area', CIRCLE_AREA), entry('constructor', 'constructor', CTOR, { nameless: true })],
    }),
    entry('interface', 'Shape', SHAPE, { children: [entry('method', 'area', 'area(): number;')] }),
  ]);
  ws.file('src/blank.ts', '// nothing\n');
  ws.file('README.md', '# shapes\n');
  return ws;
}

/** The line of an offset, from the text alone. */
function lineOf(offset: number): number {
  return SHAPES_TS.slice(0, offset).split('\n').length;
}

/** The item expected for a declaration: its name's position, the line it ends on. */
function item(
  kind: SymbolKind,
  name: string,
  nodeId: string,
  declaration: string,
  nameText: string,
  children?: DocumentSymbolItem[],
): DocumentSymbolItem {
  const start = SHAPES_TS.indexOf(declaration);
  const at = locate(SHAPES_TS, nameText, SHAPES_TS.slice(0, start).split(nameText).length - 1);
  return {
    name,
    kind,
    nodeId,
    line: at.line,
    column: at.column,
    endLine: lineOf(start + declaration.length),
    ...(children === undefined ? {} : { children }),
  };
}

describe('documentSymbols', () => {
  it('returns the outline nested, in source order, with node ids, name positions and end lines', async () => {
    const result = successOf(await documentSymbols(workspace().ports, { workspaceRoot: ROOT, filePath: 'src/shapes.ts' }, neverAborted));
    expect(result).toEqual({
      success: true,
      filePath: 'src/shapes.ts',
      symbols: [
        item('interface', 'Shape', 'interface:src/shapes.ts:Shape', SHAPE, 'Shape', [
          item('method', 'area', 'method:src/shapes.ts:Shape.area', 'area(): number;', 'area'),
        ]),
        item('class', 'Circle', 'class:src/shapes.ts:Circle', CIRCLE, 'Circle', [
          item('constructor', 'constructor', 'constructor:src/shapes.ts:Circle.constructor', CTOR, 'constructor'),
          item('method', 'area', 'method:src/shapes.ts:Circle.area', CIRCLE_AREA, 'area(): number {'),
        ]),
        item('constant', 'unit', 'constant:src/shapes.ts:unit', UNIT, 'unit'),
      ],
      totalCount: 6,
      truncated: false,
    });
  });

  it('answers FILE_NOT_FOUND for a file deleted after it was resolved, FILE_UNREADABLE for one still there (found by the soak)', async () => {
    const ws = new Workspace();
    const path = ws.file('src/gone.ts', 'export const a = 1;\n');
    ws.file('src/binary.ts', 'export const b = 1;\n');
    // The symbol index cannot give either text; the file system still has only the second.
    ws.symbols.texts.clear();
    const kindOf = ws.files.kindOf.bind(ws.files);
    let resolved = false;
    ws.files.kindOf = (p: string) => {
      if (p !== path) return kindOf(p);
      const kind = resolved ? Promise.resolve(undefined) : kindOf(p);
      resolved = true;
      return kind;
    };
    const gone = errorOf(await documentSymbols(ws.ports, { workspaceRoot: ROOT, filePath: 'src/gone.ts' }, neverAborted));
    expect(gone).toMatchObject({ code: ErrorCode.FILE_NOT_FOUND, message: '"src/gone.ts" was deleted while the call ran' });
    const binary = errorOf(await documentSymbols(ws.ports, { workspaceRoot: ROOT, filePath: 'src/binary.ts' }, neverAborted));
    expect(binary).toMatchObject({ code: ErrorCode.FILE_UNREADABLE, message: '"src/binary.ts" cannot be read as source text' });
  });

  it('gives a declaration spanning lines its last line as endLine', async () => {
    const result = successOf(await documentSymbols(workspace().ports, { workspaceRoot: ROOT, filePath: 'src/shapes.ts' }, neverAborted));
    const circle = result.symbols.find((s) => s.name === 'Circle');
    expect(circle?.line).toBe(locate(SHAPES_TS, 'Circle').line);
    expect(circle?.endLine).toBe(locate(SHAPES_TS, '}\n\nconst s').line);
  });

  it('counts columns in code points after an emoji', async () => {
    const result = successOf(await documentSymbols(workspace().ports, { workspaceRoot: ROOT, filePath: 'src/shapes.ts' }, neverAborted));
    expect(result.symbols.find((s) => s.name === 'unit')?.column).toBe(codePointCount('const s = "😀"; export const ') + 1);
  });

  it('accepts an absolute filePath inside the workspace and answers with the relative one', async () => {
    const result = successOf(
      await documentSymbols(workspace().ports, { workspaceRoot: ROOT, filePath: `${ROOT}/src/shapes.ts` }, neverAborted),
    );
    expect(result.filePath).toBe('src/shapes.ts');
    expect(result.totalCount).toBe(6);
  });

  it('returns no symbols for a file that declares none', async () => {
    const result = successOf(await documentSymbols(workspace().ports, { workspaceRoot: ROOT, filePath: 'src/blank.ts' }, neverAborted));
    expect(result).toEqual({ success: true, filePath: 'src/blank.ts', symbols: [], totalCount: 0, truncated: false });
  });

  it('refuses a missing file, a file outside the workspace and a file that is not source', async () => {
    const ports = workspace().ports;
    expect(errorOf(await documentSymbols(ports, { workspaceRoot: ROOT, filePath: 'src/gone.ts' }, neverAborted)).code).toBe(
      ErrorCode.FILE_NOT_FOUND,
    );
    expect(errorOf(await documentSymbols(ports, { workspaceRoot: ROOT, filePath: '../x.ts' }, neverAborted)).code).toBe(
      ErrorCode.PATH_OUTSIDE_WORKSPACE,
    );
    expect(errorOf(await documentSymbols(ports, { workspaceRoot: ROOT, filePath: 'README.md' }, neverAborted)).code).toBe(
      ErrorCode.UNSUPPORTED_FILE_TYPE,
    );
    expect(errorOf(await documentSymbols(ports, { workspaceRoot: '/w/none', filePath: 'a.ts' }, neverAborted)).code).toBe(
      ErrorCode.WORKSPACE_NOT_FOUND,
    );
  });

  it('cuts the outline to `depth` levels and still counts every symbol of the file', async () => {
    const result = successOf(
      await documentSymbols(workspace().ports, { workspaceRoot: ROOT, filePath: 'src/shapes.ts', depth: 1 }, neverAborted),
    );
    expect(result.symbols.map((s) => `${s.kind} ${s.name}`)).toEqual(['interface Shape', 'class Circle', 'constant unit']);
    expect(result.symbols.every((s) => s.children === undefined)).toBe(true);
    expect(result.totalCount).toBe(6);
  });

  it('keeps the symbols of the kinds asked for and the symbols that contain them', async () => {
    const input = { workspaceRoot: ROOT, filePath: 'src/shapes.ts', kinds: ['constructor', 'constant'] };
    const result = successOf(await documentSymbols(workspace().ports, input, neverAborted));
    expect(result.symbols).toEqual([
      item('class', 'Circle', 'class:src/shapes.ts:Circle', CIRCLE, 'Circle', [
        item('constructor', 'constructor', 'constructor:src/shapes.ts:Circle.constructor', CTOR, 'constructor'),
      ]),
      item('constant', 'unit', 'constant:src/shapes.ts:unit', UNIT, 'unit'),
    ]);
    expect(result.totalCount).toBe(6);
  });

  it('applies depth before kinds: a kind found only deeper than depth is not listed', async () => {
    const input = { workspaceRoot: ROOT, filePath: 'src/shapes.ts', depth: 1, kinds: ['method'] };
    expect(successOf(await documentSymbols(workspace().ports, input, neverAborted)).symbols).toEqual([]);
  });

  it.each([0, 101, 1.5])('refuses depth %s with INVALID_INPUT', async (depth) => {
    const error = errorOf(
      await documentSymbols(workspace().ports, { workspaceRoot: ROOT, filePath: 'src/shapes.ts', depth }, neverAborted),
    );
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toContain('depth must be a whole number from 1 to 100');
  });

  it('refuses an unknown kind with INVALID_INPUT listing the known ones', async () => {
    const input = { workspaceRoot: ROOT, filePath: 'src/shapes.ts', kinds: ['const'] };
    const error = errorOf(await documentSymbols(workspace().ports, input, neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toContain('"const"');
    expect(error.resolution).toContain('constant');
  });

  it('returns LANGUAGE_SERVER_ERROR when the index throws', async () => {
    const ws = workspace();
    ws.symbols.outline = (): Promise<readonly OutlineSymbol[]> => Promise.reject(new Error('no navigation tree'));
    const error = errorOf(await documentSymbols(ws.ports, { workspaceRoot: ROOT, filePath: 'src/shapes.ts' }, neverAborted));
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toContain('no navigation tree');
  });
});

describe('documentSymbols: one item per addressable symbol', () => {
  const OVERLOADS_TS = `export function area(r: number): number;
export function area(w: number, h: number): number;
export function area(a: number, b?: number): number {
  return [1].map((n) => n * a)[0] ?? b ?? 0;
}
`;
  const IMPLEMENTATION = between(OVERLOADS_TS, 'export function area(a', '\n}');
  const CALLBACK = '(n) => n * a';

  function overloads(): Workspace {
    const ws = new Workspace();
    const path = ws.file('src/area.ts', OVERLOADS_TS);
    ws.syntax.derive = toyDeclarations;
    const e = (kind: SymbolKind, name: string, declaration: string, options: EntryOptions = {}): OutlineSymbol =>
      outlineEntry(OVERLOADS_TS, kind, name, declaration, options);
    ws.symbols.outlines.set(path, [
      e('function', 'area', 'export function area(r: number): number;'),
      e('function', 'area', 'export function area(w: number, h: number): number;'),
      e('function', 'area', IMPLEMENTATION, {
        children: [{ ...e('function', 'map() callback', CALLBACK, { nameless: true }), name: 'map() callback' }],
      }),
    ]);
    return ws;
  }

  it('lists an overloaded function once, at its implementation, spanning every signature, with the overload count', async () => {
    const result = successOf(await documentSymbols(overloads().ports, { workspaceRoot: ROOT, filePath: 'src/area.ts' }, neverAborted));
    const implementation = locate(OVERLOADS_TS, 'area', 2);
    expect(result.symbols).toHaveLength(1);
    expect(result.symbols[0]).toMatchObject({
      name: 'area',
      kind: 'function',
      nodeId: 'function:src/area.ts:area',
      line: implementation.line,
      column: implementation.column,
      endLine: locate(OVERLOADS_TS, '\n}').line + 1,
      overloads: 3,
    });
  });

  it('gives an anonymous item no node id, since none would resolve back to it', async () => {
    const result = successOf(await documentSymbols(overloads().ports, { workspaceRoot: ROOT, filePath: 'src/area.ts' }, neverAborted));
    const callback = result.symbols[0]?.children?.[0];
    expect(callback?.name).toBe('map() callback');
    expect(callback).not.toHaveProperty('nodeId');
    expect(result.totalCount).toBe(2);
  });
});

describe('documentSymbols of a generated file', () => {
  /** `count` classes of one method each, one a line: `export class C0 { m0() {} }`. */
  function generated(count: number, name: (i: number) => string = (i) => `C${i}`): { ws: Workspace; text: string } {
    const lines = Array.from({ length: count }, (_, i) => `export class ${name(i)} { m${i}() {} }`);
    const text = lines.join('\n');
    const ws = new Workspace();
    const path = ws.file('src/gen.ts', text);
    let at = 0;
    ws.symbols.outlines.set(
      path,
      lines.map((line, i) => {
        const symbol = outlineEntry(line, 'class', name(i), line, {
          children: [outlineEntry(line, 'method', `m${i}`, `m${i}() {}`)],
        });
        const shifted = shift(symbol, at);
        at += line.length + 1;
        return shifted;
      }),
    );
    return { ws, text };
  }

  function shift(symbol: OutlineSymbol, by: number): OutlineSymbol {
    return { ...symbol, start: symbol.start + by, nameStart: symbol.nameStart + by, children: symbol.children.map((c) => shift(c, by)) };
  }

  function listed(symbols: readonly DocumentSymbolItem[]): DocumentSymbolItem[] {
    return symbols.flatMap((s) => [s, ...listed(s.children ?? [])]);
  }

  it('lists the first symbols that fit in one answer, parents before children, and counts them all', async () => {
    const { ws } = generated(40_000);
    const result = successOf(await documentSymbols(ws.ports, { workspaceRoot: ROOT, filePath: 'src/gen.ts' }, neverAborted));
    expect(result.totalCount).toBe(80_000);
    expect(result.truncated).toBe(true);
    const items = listed(result.symbols);
    expect(items.length).toBeGreaterThan(1_000);
    expect(items.length).toBeLessThan(80_000);
    expect(JSON.stringify(result.symbols).length).toBeLessThanOrEqual(MAX_LIST_CHARS + 10 * items.length);
    // A prefix in source order: classes 0..k-1 with their methods, at most the last one without.
    items.forEach((s, i) => expect(s.name).toBe(i % 2 === 0 ? `C${i / 2}` : `m${(i - 1) / 2}`));
    expect(result.symbols.at(-1)?.line).toBe(result.symbols.length);
  });

  it('answers a file that fits whole with truncated false', async () => {
    const { ws } = generated(100);
    const result = successOf(await documentSymbols(ws.ports, { workspaceRoot: ROOT, filePath: 'src/gen.ts' }, neverAborted));
    expect(result.truncated).toBe(false);
    expect(listed(result.symbols)).toHaveLength(result.totalCount);
  });

  it('cuts a very long name and leaves out a node id too long to repeat', async () => {
    const long = (i: number): string => (i === 1 ? `C${'x'.repeat(5_000)}` : `C${i}`);
    const { ws } = generated(3, long);
    const result = successOf(await documentSymbols(ws.ports, { workspaceRoot: ROOT, filePath: 'src/gen.ts' }, neverAborted));
    const [first, second, third] = result.symbols;
    expect(first?.nodeId).toBe('class:src/gen.ts:C0');
    expect(second?.name).toHaveLength(MAX_NAME_LENGTH);
    expect(second?.name.endsWith('…')).toBe(true);
    expect(long(1).startsWith(second?.name.slice(0, -1) ?? '?')).toBe(true);
    expect(second).not.toHaveProperty('nodeId');
    expect(second?.children?.[0]).not.toHaveProperty('nodeId');
    expect(third?.nodeId).toBe('class:src/gen.ts:C2');
  });

  it('stops at the deadline while it converts a huge outline', async () => {
    const { ws } = generated(20_000);
    // The deadline passes once the service has answered: only the conversion loop can notice it.
    let answered = false;
    const symbols = ws.ports.symbols;
    const outline: typeof symbols.outline = async (scope, path) => {
      const found = await symbols.outline(scope, path);
      answered = true;
      return found;
    };
    const reason = Object.assign(new Error('the call timed out'), { name: 'TimeoutError' });
    const late: Signal = {
      ...neverAborted,
      get aborted() {
        return answered;
      },
      get reason() {
        return answered ? reason : undefined;
      },
      throwIfAborted() {
        if (answered) throw reason;
      },
    };
    const ports = { ...ws.ports, symbols: Object.assign(Object.create(symbols) as typeof symbols, { outline }) };
    const error = errorOf(await documentSymbols(ports, { workspaceRoot: ROOT, filePath: 'src/gen.ts' }, late));
    expect(answered).toBe(true);
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toMatch(/did not answer in time/);
  });
});
