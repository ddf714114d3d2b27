import { ErrorCode, bridgeErrorOf, type TypeItem } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { C_CPP, GO, PYTHON, typescriptLanguageServer } from '../../src/index.js';
import { offsetOf } from './offsets.js';
import { installed, serverProject } from './server-projects.js';

const named = (items: readonly TypeItem[]): string[] => items.map((t) => `${t.path}:${String(t.nameStart)} ${t.name}`).sort();

describe.runIf(installed(C_CPP))("clangd's type hierarchy (clangd 14's own protocol)", () => {
  const { dir, index, scope } = serverProject(C_CPP);
  const SHAPES_HPP = 'struct Shape {\n  virtual ~Shape() = default;\n};\n\nstruct Square : Shape {};\n';
  const SHAPES_CPP = '#include "shapes.hpp"\n\nstruct Circle : Shape {};\n\nint total() { return 0; }\n';
  dir.write('compile_flags.txt', '-std=c++17\n');
  const hpp = dir.write('shapes.hpp', SHAPES_HPP);
  const cpp = dir.write('shapes.cpp', SHAPES_CPP);

  it('answers the base of a struct, and its derived structs in every file that names it', async () => {
    const [square] = await index.typeItems(scope, { path: hpp, offset: offsetOf(SHAPES_HPP, 'Square') });
    expect(named(await index.supertypes(scope, square ?? expect.fail('no type item')))).toEqual([
      `${hpp}:${offsetOf(SHAPES_HPP, 'Shape')} Shape`,
    ]);
    const [shape] = await index.typeItems(scope, { path: hpp, offset: offsetOf(SHAPES_HPP, 'Shape') });
    expect(named(await index.subtypes(scope, shape ?? expect.fail('no type item')))).toEqual(
      [`${hpp}:${offsetOf(SHAPES_HPP, 'Square')} Square`, `${cpp}:${offsetOf(SHAPES_CPP, 'Circle')} Circle`].sort(),
    );
  });

  it('has no type item at a function', async () => {
    expect(await index.typeItems(scope, { path: cpp, offset: offsetOf(SHAPES_CPP, 'total') })).toEqual([]);
  });
});

describe('a type hierarchy over typescript-language-server, built from its definitions and references', () => {
  const { dir, index, scope } = serverProject(typescriptLanguageServer);
  const SHAPE_TS =
    'export interface Shape {\n  area(): number;\n}\nexport abstract class Base implements Shape {\n  abstract area(): number;\n}\n';
  const SQUARE_TS =
    'import { Base } from "./shape";\nexport class Square extends Base {\n  area(): number { return 1; }\n}\nexport const unit: Base = new Square();\n';
  dir.write('tsconfig.json', '{ "compilerOptions": { "strict": true } }');
  const shape = dir.write('shape.ts', SHAPE_TS);
  const square = dir.write('square.ts', SQUARE_TS);

  it('answers supertypes through an import and subtypes in another file, not a variable of the type', async () => {
    const [squareItem] = await index.typeItems(scope, { path: square, offset: offsetOf(SQUARE_TS, 'Square') });
    expect(named(await index.supertypes(scope, squareItem ?? expect.fail('no type item')))).toEqual([
      `${shape}:${offsetOf(SHAPE_TS, 'Base')} Base`,
    ]);
    const [base] = await index.typeItems(scope, { path: shape, offset: offsetOf(SHAPE_TS, 'Base') });
    expect(named(await index.supertypes(scope, base ?? expect.fail('no type item')))).toEqual([
      `${shape}:${offsetOf(SHAPE_TS, 'Shape')} Shape`,
    ]);
    expect(named(await index.subtypes(scope, base ?? expect.fail('no type item')))).toEqual([
      `${square}:${offsetOf(SQUARE_TS, 'Square')} Square`,
    ]);
  });
});

for (const profile of [PYTHON, GO]) {
  describe.runIf(profile === PYTHON || installed(profile))(`${profile.displayName}: no type hierarchy`, () => {
    const { dir, index, scope } = serverProject(profile);
    const text = profile === PYTHON ? 'class Shape:\n    pass\n' : 'package main\n\ntype Shape interface{ Area() float64 }\n';
    if (profile === GO) dir.write('go.mod', 'module example.com/m\n\ngo 1.19\n');
    const file = dir.write(profile === PYTHON ? 'shapes.py' : 'shapes.go', text);

    it('is refused naming the server, which declares no typeHierarchyProvider', async () => {
      const error = await index.typeItems(scope, { path: file, offset: offsetOf(text, 'Shape') }).catch((e: unknown) => e);
      expect(bridgeErrorOf(error)?.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
      const server = profile === PYTHON ? 'pyright' : 'gopls';
      expect(bridgeErrorOf(error)?.message).toBe(
        `${server} does not support textDocument/prepareTypeHierarchy (it declares no typeHierarchyProvider)`,
      );
    });
  });
}
