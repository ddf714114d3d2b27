import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { MAX_TYPES, type TypeHierarchyInput } from '../../src/model/inputs.js';
import type { TypeHierarchySymbol } from '../../src/model/results.js';
import type { SymbolKind } from '../../src/model/symbols.js';
import type { TypeItem } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';
import { typeHierarchy } from '../../src/use-cases/type-hierarchy.js';

const SHAPES_TS =
  'export interface Shape {\n  area(): number;\n}\n\nexport abstract class Base implements Shape {\n  abstract area(): number;\n}\n\nexport function describe(shape: Shape): string {\n  return String(shape.area());\n}\n';
const SQUARE_TS = 'import { Base } from "./shapes";\n\nexport class Square extends Base {\n  area(): number {\n    return 4;\n  }\n}\n';
const LIB_TS = 'export interface Sized {\n  size: number;\n}\n';

interface File {
  readonly path: string;
  readonly text: string;
  readonly display: string;
}

interface Declared {
  readonly file: File;
  readonly kind: SymbolKind;
  readonly name: string;
  /** The declaration's first line, from its keyword. */
  readonly head: string;
}

function item({ file, kind, name, head }: Declared): TypeItem {
  const start = file.text.indexOf(head);
  if (start < 0) throw new Error(`${head} is not in the fixture`);
  return { name, kind, path: file.path, start, length: head.length, nameStart: start + head.indexOf(name), nameLength: name.length };
}

function symbol(declared: Declared, withNodeId = true): TypeHierarchySymbol {
  const at = locate(declared.file.text, declared.head);
  const column = at.column + declared.head.indexOf(declared.name);
  return {
    name: declared.name,
    kind: declared.kind,
    ...(withNodeId ? { nodeId: `${declared.kind}:${declared.file.display}:${declared.name}` } : {}),
    filePath: declared.file.display,
    line: at.line,
    column,
  };
}

function workspace() {
  const ws = new Workspace();
  const file = (rel: string, text: string, display = rel): File => ({ path: ws.file(rel, text), text, display });
  const shapes = file('src/shapes.ts', SHAPES_TS);
  const square = file('src/square.ts', SQUARE_TS);
  const lib = file('node_modules/lib/index.d.ts', LIB_TS, `${ROOT}/node_modules/lib/index.d.ts`);
  const shape: Declared = { file: shapes, kind: 'interface', name: 'Shape', head: 'interface Shape {' };
  const base: Declared = { file: shapes, kind: 'class', name: 'Base', head: 'class Base implements Shape {' };
  const sq: Declared = { file: square, kind: 'class', name: 'Square', head: 'class Square extends Base {' };
  const sized: Declared = { file: lib, kind: 'interface', name: 'Sized', head: 'interface Sized {' };
  ws.symbols.outlines.set(shapes.path, [
    outlineEntry(SHAPES_TS, 'interface', 'Shape', 'interface Shape {\n  area(): number;\n}'),
    outlineEntry(SHAPES_TS, 'class', 'Base', 'class Base implements Shape {\n  abstract area(): number;\n}'),
    outlineEntry(SHAPES_TS, 'function', 'describe', 'function describe(shape: Shape): string {\n  return String(shape.area());\n}'),
  ]);
  ws.symbols.outlines.set(square.path, [outlineEntry(SQUARE_TS, 'class', 'Square', 'class Square extends Base {')]);
  const items = { shape: item(shape), base: item(base), square: item(sq), sized: item(sized) };
  ws.symbols.types = Object.values(items);
  const key = (i: TypeItem): string => `${i.path}:${i.nameStart}`;
  ws.symbols.supertypesOf.set(key(items.square), [items.base]);
  // Given out of order, and one found twice (two declarations): the domain sorts and lists it once.
  ws.symbols.supertypesOf.set(key(items.base), [items.sized, items.shape, items.shape]);
  ws.symbols.subtypesOf.set(key(items.shape), [items.base]);
  ws.symbols.subtypesOf.set(key(items.base), [items.square]);
  return { ws, items, shape, base, sq, sized };
}

function input(extra: Partial<TypeHierarchyInput>): TypeHierarchyInput {
  return { workspaceRoot: ROOT, filePath: 'src/shapes.ts', symbol: 'Base', direction: 'both', ...extra };
}

describe('typeHierarchy', () => {
  it('lists the supertypes and subtypes of a class, each at depth 1, by path', async () => {
    const { ws, shape, base, sq, sized } = workspace();
    const result = successOf(await typeHierarchy(ws.ports, input({}), neverAborted));
    expect(result).toEqual({
      success: true,
      direction: 'both',
      symbol: symbol(base),
      supertypes: [
        { ...symbol(sized, false), depth: 1 },
        { ...symbol(shape), depth: 1 },
      ],
      subtypes: [{ ...symbol(sq), depth: 1 }],
      totalTypes: 3,
      truncated: false,
    });
  });

  it('answers only the direction asked for', async () => {
    const { ws } = workspace();
    const supertypes = successOf(await typeHierarchy(ws.ports, input({ direction: 'supertypes' }), neverAborted));
    expect(supertypes).not.toHaveProperty('subtypes');
    expect(supertypes.supertypes).toHaveLength(2);
    const subtypes = successOf(await typeHierarchy(ws.ports, input({ direction: 'subtypes' }), neverAborted));
    expect(subtypes).not.toHaveProperty('supertypes');
    expect(subtypes.subtypes).toHaveLength(1);
  });

  it('follows the hierarchy `depth` levels deep, not into types outside the workspace', async () => {
    const { ws, shape, base, sq, sized } = workspace();
    const up = successOf(
      await typeHierarchy(
        ws.ports,
        input({ filePath: 'src/square.ts', symbol: 'Square', direction: 'supertypes', depth: 3 }),
        neverAborted,
      ),
    );
    expect(up.supertypes).toEqual([
      {
        ...symbol(base),
        depth: 1,
        types: [
          { ...symbol(sized, false), depth: 2 },
          { ...symbol(shape), depth: 2 },
        ],
      },
    ]);
    expect(up.totalTypes).toBe(3);
    const down = successOf(await typeHierarchy(ws.ports, input({ symbol: 'Shape', direction: 'subtypes', depth: 2 }), neverAborted));
    expect(down.subtypes).toEqual([{ ...symbol(base), depth: 1, types: [{ ...symbol(sq), depth: 2 }] }]);
    const shallow = successOf(await typeHierarchy(ws.ports, input({ symbol: 'Shape', direction: 'subtypes' }), neverAborted));
    expect(shallow.subtypes).toEqual([{ ...symbol(base), depth: 1 }]);
  });

  it('marks a type already on the path as recursive and does not follow it again', async () => {
    const { ws, items, base } = workspace();
    ws.symbols.supertypesOf.set(`${items.shape.path}:${items.shape.nameStart}`, [items.base]);
    const result = successOf(await typeHierarchy(ws.ports, input({ direction: 'supertypes', depth: 5 }), neverAborted));
    const shapeEntry = result.supertypes?.find((t) => t.name === 'Shape');
    expect(shapeEntry?.types).toEqual([{ ...symbol(base), depth: 2, recursive: true }]);
  });

  it(`lists at most ${MAX_TYPES} types and says it truncated`, async () => {
    const { ws, items } = workspace();
    const many: TypeItem[] = Array.from({ length: MAX_TYPES + 5 }, (_, i) => ({ ...items.square, nameStart: items.square.nameStart + i }));
    ws.symbols.subtypesOf.set(`${items.base.path}:${items.base.nameStart}`, many);
    const result = successOf(await typeHierarchy(ws.ports, input({ direction: 'subtypes' }), neverAborted));
    expect(result.subtypes).toHaveLength(MAX_TYPES);
    expect(result.totalTypes).toBe(MAX_TYPES);
    expect(result.truncated).toBe(true);
  });

  it('refuses a depth outside 1..5 with INVALID_INPUT', async () => {
    const { ws } = workspace();
    for (const depth of [0, 6, 2.5]) {
      const error = errorOf(await typeHierarchy(ws.ports, input({ depth }), neverAborted));
      expect(error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(error.message).toContain(String(depth));
    }
  });

  it('refuses a symbol that is not a type, naming it, its kind and where it is, and pointing to call_hierarchy', async () => {
    const { ws } = workspace();
    const error = errorOf(await typeHierarchy(ws.ports, input({ symbol: 'describe' }), neverAborted));
    const at = locate(SHAPES_TS, 'describe(');
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toBe(
      `"describe" at src/shapes.ts:${at.line}:${at.column} (function) is not a class, interface, struct or type: only types have supertypes and subtypes`,
    );
    expect(error.resolution).toContain('call_hierarchy');
    expect(error.resolution).toContain('document_symbols');
  });
});
