import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUNDLED_TYPESCRIPT, nameAt, symbolKindOfDeclaration, symbolKindOfScriptElement } from '../src/index.js';

const TEXT = [
  'export namespace Geo {',
  '  export namespace Inner.Deep {',
  '    export class Point {',
  '      constructor(public x: number, y: number) {}',
  '      get len(): number { return this.x; }',
  '      set len(v: number) {}',
  '      move(dx: number): Point { return new Point(this.x + dx, 0); }',
  '      static origin = 0;',
  '    }',
  '  }',
  '  export const origin = 0;',
  '}',
  'export function pick(a: unknown) { return a; }',
  'export const handlers = { onOpen() { return 1; }, onClose: () => 2, size: 3 };',
  'enum Color { Red, Green }',
  'let counter = 0;',
  'var legacy = 1;',
  'type Alias = { a: number };',
  'interface Shape { area(): number; sides: number }',
  'const { left, right } = { left: 1, right: 2 };',
  'abstract class Base { abstract run(): void; }',
  'export const make = function () { return 1; };',
  '',
].join('\n');

/** TypeScript's own navigation tree of the text: the oracle for the kind of every declaration it lists. */
function navigationItems(text: string): ts.NavigationTree[] {
  const file = '/virtual/kinds.ts';
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => (name === file ? ts.ScriptSnapshot.fromString(text) : undefined),
    getCurrentDirectory: () => '/virtual',
    getCompilationSettings: () => ({ noLib: true }),
    getDefaultLibFileName: () => '/virtual/lib.d.ts',
    fileExists: (name) => name === file,
    readFile: (name) => (name === file ? text : undefined),
  };
  const items: ts.NavigationTree[] = [];
  const walk = (item: ts.NavigationTree): void => {
    items.push(item);
    for (const child of item.childItems ?? []) walk(child);
  };
  walk(ts.createLanguageService(host).getNavigationTree(file));
  return items.filter((item) => item.nameSpan !== undefined);
}

describe('symbolKindOfDeclaration', () => {
  it("names every declaration of an outline as TypeScript's own navigation tree kinds it, mapped alike", () => {
    const sourceFile = ts.createSourceFile('/virtual/kinds.ts', TEXT, ts.ScriptTarget.Latest, true);
    const items = navigationItems(TEXT);
    expect(items.length).toBeGreaterThan(25);
    for (const item of items) {
      const name = nameAt(BUNDLED_TYPESCRIPT, sourceFile, item.nameSpan?.start ?? -1);
      const declaration = name?.parent;
      expect({ item: item.text, kind: declaration === undefined ? undefined : symbolKindOfDeclaration(declaration) }).toEqual({
        item: item.text,
        kind: symbolKindOfScriptElement(item.kind),
      });
    }
  });

  it('knows nothing of a node that declares nothing', () => {
    const sourceFile = ts.createSourceFile('/virtual/a.ts', 'f(1);\n', ts.ScriptTarget.Latest, true);
    expect(symbolKindOfDeclaration(sourceFile.statements[0] as ts.Node)).toBeUndefined();
  });
});
