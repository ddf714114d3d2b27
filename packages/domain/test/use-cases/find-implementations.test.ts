import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { FindImplementationsInput } from '../../src/model/inputs.js';
import type { ImplementationItem } from '../../src/model/results.js';
import type { SourceSpan } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { between, outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';
import { findImplementations } from '../../src/use-cases/find-implementations.js';

const SHAPE_TS = 'export interface Shape {\n  area(): number;\n}\n';
const SQUARE_TS =
  'import type { Shape } from "../../src/shape";\n\nexport class Square implements Shape {\n  area(): number {\n    return 1;\n  }\n}\n';
const CIRCLE_TS =
  'import type { Shape } from "../../src/use-cases/shape";\nexport class Circle implements Shape {\n  area(): number {\n    return 3;\n  }\n}\n';
const DEP_TS = 'export class Blob implements Shape {\n  area(): number {\n    return 0;\n  }\n}\n';

interface Paths {
  readonly shape: string;
  readonly square: string;
  readonly circle: string;
  readonly dep: string;
}

function span(path: string, text: string, needle: string, name: string): SourceSpan {
  return { path, start: locate(text, needle).offset + needle.indexOf(name), length: name.length };
}

function workspace(): { ws: Workspace; paths: Paths } {
  const ws = new Workspace();
  const paths: Paths = {
    shape: ws.file('src/shape.ts', SHAPE_TS),
    square: ws.file('src/shapes/square.ts', SQUARE_TS),
    circle: ws.file('src/circle.ts', CIRCLE_TS),
    dep: ws.file('node_modules/geo/index.ts', DEP_TS),
  };
  ws.symbols.addSymbolByText('Shape', [paths.shape, paths.square, paths.circle, paths.dep]);
  ws.symbols.addSymbolByText('area', [paths.shape]);
  ws.symbols.outlines.set(paths.shape, [
    outlineEntry(SHAPE_TS, 'interface', 'Shape', between(SHAPE_TS, 'export interface', '\n}'), {
      children: [outlineEntry(SHAPE_TS, 'method', 'area', 'area(): number;')],
    }),
  ]);
  for (const [path, text, name] of [
    [paths.square, SQUARE_TS, 'Square'],
    [paths.circle, CIRCLE_TS, 'Circle'],
  ] as const) {
    const area = outlineEntry(text, 'method', 'area', between(text, 'area(): number {', '\n  }'));
    ws.symbols.outlines.set(path, [outlineEntry(text, 'class', name, between(text, 'export class', '\n}'), { children: [area] })]);
  }
  // Out of order and with a duplicate: the domain orders and dedupes.
  ws.symbols.implementationsOf.set('Shape', [
    span(paths.square, SQUARE_TS, 'class Square', 'Square'),
    span(paths.dep, DEP_TS, 'class Blob', 'Blob'),
    span(paths.circle, CIRCLE_TS, 'class Circle', 'Circle'),
    span(paths.square, SQUARE_TS, 'class Square', 'Square'),
  ]);
  ws.symbols.implementationsOf.set('area', [
    span(paths.square, SQUARE_TS, 'area(): number {', 'area'),
    span(paths.circle, CIRCLE_TS, 'area(): number {', 'area'),
  ]);
  return { ws, paths };
}

function item(filePath: string, text: string, needle: string, name: string, extra: Partial<ImplementationItem> = {}): ImplementationItem {
  const at = locate(text, needle);
  const column = at.column + needle.indexOf(name);
  return { filePath, line: at.line, column, codeSnippet: at.lineText, ...extra };
}

function input(extra: Partial<FindImplementationsInput>): FindImplementationsInput {
  return { workspaceRoot: ROOT, filePath: 'src/shape.ts', symbol: 'Shape', ...extra };
}

describe('findImplementations', () => {
  it('returns the implementing classes ordered by path, line and column, with node ids and kinds', async () => {
    const { ws } = workspace();
    const result = successOf(await findImplementations(ws.ports, input({}), neverAborted));
    expect(result).toEqual({
      success: true,
      symbolName: 'Shape',
      implementations: [
        item('src/circle.ts', CIRCLE_TS, 'class Circle', 'Circle', { nodeId: 'class:src/circle.ts:Circle', kind: 'class' }),
        item('src/shapes/square.ts', SQUARE_TS, 'class Square', 'Square', { nodeId: 'class:src/shapes/square.ts:Square', kind: 'class' }),
      ],
      totalCount: 2,
      truncated: false,
    });
  });

  it('returns the members that implement a member', async () => {
    const { ws } = workspace();
    const result = successOf(await findImplementations(ws.ports, input({ symbol: 'Shape.area' }), neverAborted));
    expect(result.symbolName).toBe('area');
    expect(result.implementations).toEqual([
      item('src/circle.ts', CIRCLE_TS, 'area(): number {', 'area', { nodeId: 'method:src/circle.ts:Circle.area', kind: 'method' }),
      item('src/shapes/square.ts', SQUARE_TS, 'area(): number {', 'area', {
        nodeId: 'method:src/shapes/square.ts:Square.area',
        kind: 'method',
      }),
    ]);
  });

  it('answers the same from a position, a name and a node id', async () => {
    const { ws } = workspace();
    const at = locate(CIRCLE_TS, 'Shape {');
    const fromUsage = successOf(
      await findImplementations(
        ws.ports,
        { workspaceRoot: ROOT, filePath: 'src/circle.ts', line: at.line, column: at.column },
        neverAborted,
      ),
    );
    const fromNodeId = successOf(
      await findImplementations(ws.ports, { workspaceRoot: ROOT, nodeId: 'interface:src/shape.ts:Shape' }, neverAborted),
    );
    const fromName = successOf(await findImplementations(ws.ports, input({}), neverAborted));
    expect(fromUsage).toEqual(fromName);
    expect(fromNodeId).toEqual(fromName);
  });

  it('includes node_modules implementations on request, with absolute paths and without node ids', async () => {
    const { ws, paths } = workspace();
    const result = successOf(await findImplementations(ws.ports, input({ includeNodeModules: true }), neverAborted));
    expect(result.implementations[0]).toEqual(item(paths.dep, DEP_TS, 'class Blob', 'Blob'));
    expect(result.implementations.map((i) => i.filePath)).toEqual([paths.dep, 'src/circle.ts', 'src/shapes/square.ts']);
    expect(result.totalCount).toBe(3);
  });

  it('returns at most `limit` implementations and the count before the limit', async () => {
    const { ws } = workspace();
    const result = successOf(await findImplementations(ws.ports, input({ limit: 1 }), neverAborted));
    expect(result.implementations.map((i) => i.filePath)).toEqual(['src/circle.ts']);
    expect(result.totalCount).toBe(2);
    expect(result.truncated).toBe(true);
  });

  it('returns no implementations for a symbol nothing implements', async () => {
    const { ws } = workspace();
    ws.symbols.implementationsOf.delete('Shape');
    const result = successOf(await findImplementations(ws.ports, input({}), neverAborted));
    expect(result).toEqual({ success: true, symbolName: 'Shape', implementations: [], totalCount: 0, truncated: false });
  });

  it('leaves out an implementation in a file it cannot read', async () => {
    const { ws, paths } = workspace();
    ws.symbols.implementationsOf.set('Shape', [
      { path: `${ROOT}/src/vanished.ts`, start: 0, length: 4 },
      span(paths.circle, CIRCLE_TS, 'class Circle', 'Circle'),
    ]);
    const result = successOf(await findImplementations(ws.ports, input({}), neverAborted));
    expect(result.implementations.map((i) => i.filePath)).toEqual(['src/circle.ts']);
  });

  it('refuses an ambiguous name with AMBIGUOUS_SYMBOL', async () => {
    const { ws, paths } = workspace();
    ws.symbols.outlines.set(paths.shape, [
      outlineEntry(SHAPE_TS, 'interface', 'Shape', between(SHAPE_TS, 'export interface', '\n}'), {
        children: [outlineEntry(SHAPE_TS, 'method', 'area', 'area(): number;')],
      }),
      outlineEntry(SHAPE_TS, 'variable', 'Shape', between(SHAPE_TS, 'export interface', '\n}')),
    ]);
    const error = errorOf(await findImplementations(ws.ports, input({}), neverAborted));
    expect(error.code).toBe(ErrorCode.AMBIGUOUS_SYMBOL);
    const line = locate(SHAPE_TS, 'Shape').line;
    expect(error.message).toContain(`interface:src/shape.ts:Shape (interface, line ${line})`);
    expect(error.message).toContain(`variable:src/shape.ts:Shape (variable, line ${line})`);
  });
});
