import type { CallEdge, CallItem, OutlineSymbol, Signal, TypeItem } from '@mcp-lsp-bridge/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, located, scopeOf } from './fixture.js';

const COMPILER = '"strict": true, "module": "esnext", "moduleResolution": "bundler"';

/** `snippet`'s [start, length) in `text` (its `nth` occurrence). */
function spanOf(text: string, snippet: string, nth = 0): { start: number; length: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(snippet, at + 1);
    if (at < 0) throw new Error(`${JSON.stringify(snippet)} #${String(nth)} not in the fixture`);
  }
  return { start: at, length: snippet.length };
}

const OUTLINE = [
  'export namespace Geo {',
  '  export namespace Inner {',
  '    export class Point {',
  '      constructor(public x: number) {}',
  '      get len(): number { return this.x; }',
  '      move(dx: number): Point { return new Point(this.x + dx); }',
  '    }',
  '  }',
  '  export const origin = 0;',
  '}',
  'export function pick(a: string): string;',
  'export function pick(a: number): number;',
  'export function pick(a: unknown) { return a; }',
  'export const handlers = {',
  '  onOpen() { return 1; },',
  '  onClose: () => 2,',
  '};',
  'export default function () { return 3; }',
  'enum Color { Red, Green }',
  'let counter = 0;',
  'type Alias = { a: number };',
  'export { counter };',
  '',
].join('\n');

/** An expected symbol: its whole text, and where its name is (`undefined`: the whole declaration). */
function symbol(
  name: string,
  kind: string,
  whole: string,
  nameAt: string | undefined,
  children: OutlineSymbol[] = [],
  nth = 0,
): OutlineSymbol {
  const span = spanOf(OUTLINE, whole, nth);
  const nameSpan = nameAt === undefined ? span : { start: span.start + whole.indexOf(nameAt), length: nameAt.length };
  return {
    name,
    kind,
    start: span.start,
    length: span.length,
    nameStart: nameSpan.start,
    nameLength: nameSpan.length,
    children,
  } as OutlineSymbol;
}

/** The text from `first` to the end of `last` (searched after `first`). */
function through(first: string, last: string): string {
  const start = OUTLINE.indexOf(first);
  return OUTLINE.slice(start, OUTLINE.indexOf(last, start) + last.length);
}

describe('outline', () => {
  let index: TsSymbolIndex;
  let fx: Fixture;
  beforeAll(() => {
    index = new TsSymbolIndex();
    fx = new Fixture({ 'tsconfig.json': `{ "compilerOptions": { ${COMPILER} } }`, 'src/outline.ts': OUTLINE });
  });
  afterAll(() => {
    index.dispose();
    fx.cleanup();
  });

  it('nests namespaces, classes and object literal members, in source order, with typescript-language-server kinds', async () => {
    const lines = OUTLINE.split('\n').map((line) => line.trim());
    const line = (n: number): string => lines[n] ?? '';
    const expected = [
      symbol('Geo', 'module', through('export namespace Geo', '\n}'), 'Geo', [
        symbol('Inner', 'module', through('export namespace Inner', '\n  }'), 'Inner', [
          symbol('Point', 'class', through('export class Point', '\n    }'), 'Point', [
            symbol('constructor', 'constructor', line(3), undefined),
            symbol('x', 'property', 'public x: number', 'x'),
            symbol('len', 'method', line(4), 'len'),
            symbol('move', 'method', line(5), 'move'),
          ]),
        ]),
        symbol('origin', 'constant', 'origin = 0', 'origin'),
      ]),
      // One symbol per overload; like typescript-language-server, only the first is selected by its name.
      symbol('pick', 'function', line(10), 'pick'),
      symbol('pick', 'function', line(11), undefined),
      symbol('pick', 'function', line(12), undefined),
      symbol('handlers', 'constant', through('handlers = {', '\n}'), 'handlers', [
        symbol('onOpen', 'method', 'onOpen() { return 1; }', 'onOpen'),
        symbol('onClose', 'method', 'onClose: () => 2', 'onClose'),
      ]),
      // The navigation tree names an anonymous default export `default`, and gives it no name span.
      symbol('default', 'function', line(17), undefined),
      symbol('Color', 'enum', line(18), 'Color', [symbol('Red', 'constant', 'Red', 'Red'), symbol('Green', 'constant', 'Green', 'Green')]),
      symbol('counter', 'variable', 'counter = 0', 'counter'),
      symbol('Alias', 'variable', line(20), 'Alias'),
    ];
    expect(await index.outline(scopeOf(fx), fx.path('src/outline.ts'))).toEqual(expected);
  });

  it('sees the file as it is on disk at each call', async () => {
    await index.outline(scopeOf(fx), fx.path('src/outline.ts'));
    fx.write('src/late.ts', 'export class Late { go() {} }\n');
    const outline = await index.outline(scopeOf(fx), fx.path('src/late.ts'));
    expect(outline.map((s) => [s.name, s.kind, s.children.map((c) => c.name)])).toEqual([['Late', 'class', ['go']]]);
    fx.write('src/late.ts', 'export function early() {}\n');
    expect((await index.outline(scopeOf(fx), fx.path('src/late.ts'))).map((s) => s.name)).toEqual(['early']);
  });
});

const SHAPE = `/**
 * Something with an area.
 */
export interface Shape {
  /** The area in square units. */
  area(): number;
}
export abstract class Base {
  abstract describe(): string;
}
/**
 * Adds two numbers. See {@link twice}.
 * @param a - the first
 * @param b the second
 * @returns the sum
 * @deprecated use plus
 */
export function add(a: number, b: number): number { return /*@out*/twice(a) + b; }
function twice(n: number): number { return n * 2; }
export function total(xs: number[]): number {
  let s = 0;
  for (const x of xs) s = /*@in-shape*/add(s, x);
  return s; // a comment
}
`;

const SQUARE = `import { Base, add, type Shape } from './shape';
export class Square extends Base implements Shape {
  area(): number { return /*@in-square*/add(1, 1); }
  describe(): string { return 'square'; }
}
`;

const CIRCLE = `import { Base, add, type Shape } from '@acme/shapes';
export class Circle extends Base implements Shape {
  area(): number { return 3; }
  describe(): string { return 'circle'; }
}
export const unit: Shape = { area: () => 1 };
export const sum = /*@in-app*/add(2, 3);
`;

describe('hover, implementations, symbol search and calls in a two-package workspace', () => {
  let index: TsSymbolIndex;
  let fx: Fixture;
  const shape = 'packages/shapes/src/shape.ts';
  const square = 'packages/shapes/src/square.ts';
  const circle = 'packages/app/src/circle.ts';
  beforeAll(() => {
    index = new TsSymbolIndex();
    fx = new Fixture({
      'tsconfig.base.json': `{ "compilerOptions": { ${COMPILER}, "paths": { "@acme/shapes": ["./packages/shapes/src/index.ts"] } } }`,
      'packages/shapes/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src"] }',
      'packages/shapes/src/index.ts': 'export * from "./shape";\nexport * from "./square";\n',
      [shape]: SHAPE,
      [square]: SQUARE,
      'packages/app/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src"] }',
      [circle]: CIRCLE,
    });
  });
  afterAll(() => {
    index.dispose();
    fx.cleanup();
  });

  /** `file:offset` of the `nth` `name` in a file. */
  const named = (file: string, name: string, nth = 0): string => `${file}:${String(fx.offset(file, name, nth))}`;

  describe('hover', () => {
    it('gives the signature and the documentation with its tags as markdown', async () => {
      const answer = await index.hover(scopeOf(fx), fx.at(shape, 'add(a'));
      expect(answer).toEqual({
        signature: 'function add(a: number, b: number): number',
        documentation:
          'Adds two numbers. See twice.\n\n' +
          '*@param* `a` — the first  \n\n*@param* `b` — the second  \n\n*@returns* — the sum  \n\n*@deprecated* — use plus',
      });
    });

    it('names a method by its class and inherits the documentation of the interface member it implements', async () => {
      const answer = await index.hover(scopeOf(fx), fx.at(square, 'area'));
      expect(answer).toEqual({ signature: '(method) Square.area(): number', documentation: 'The area in square units.' });
    });

    it('is undefined where there is nothing to describe', async () => {
      expect(await index.hover(scopeOf(fx), fx.at(shape, 'a comment'))).toBeUndefined();
    });
  });

  describe('implementations', () => {
    it('finds the classes and object literals implementing an interface, in both packages, by name', async () => {
      const found = await index.implementations(scopeOf(fx), fx.at(shape, 'Shape'));
      expect(located(fx, found)).toEqual([named(square, 'Square'), named(circle, 'Circle'), named(circle, 'unit')].sort());
      expect(found.find((span) => span.path === fx.path(circle) && span.length === 'unit'.length)).toBeDefined();
    });

    it('finds the overrides of an abstract method across files and packages', async () => {
      const found = await index.implementations(scopeOf(fx), fx.at(shape, 'describe'));
      expect(located(fx, found)).toEqual([named(square, 'describe'), named(circle, 'describe')].sort());
      expect(found.map((span) => span.length)).toEqual(['describe'.length, 'describe'.length]);
    });
  });

  describe('type hierarchy', () => {
    const items = (found: readonly TypeItem[]): string[] =>
      found.map((t) => `${fx.rel(t.path)}:${String(t.nameStart)} ${t.name} ${t.kind}`).sort();

    it('finds the type declared at a name, or the one a use of its name leads to, and none for a function', async () => {
      expect(items(await index.typeItems(scopeOf(fx), fx.at(shape, 'Shape')))).toEqual([`${named(shape, 'Shape')} Shape interface`]);
      expect(items(await index.typeItems(scopeOf(fx), fx.at(circle, 'Base', 1)))).toEqual([`${named(shape, 'Base')} Base class`]);
      expect(await index.typeItems(scopeOf(fx), fx.at(shape, 'total'))).toEqual([]);
    });

    it('lists what a class extends and implements at their declarations, through imports', async () => {
      const [squareItem] = await index.typeItems(scopeOf(fx), fx.at(square, 'Square'));
      expect(items(await index.supertypes(scopeOf(fx), squareItem ?? expect.fail('no type item')))).toEqual(
        [`${named(shape, 'Base')} Base class`, `${named(shape, 'Shape')} Shape interface`].sort(),
      );
    });

    it('lists the classes that extend or implement a type in both packages, not a variable of that type', async () => {
      const [shapeItem] = await index.typeItems(scopeOf(fx), fx.at(shape, 'Shape'));
      expect(items(await index.subtypes(scopeOf(fx), shapeItem ?? expect.fail('no type item')))).toEqual(
        [`${named(square, 'Square')} Square class`, `${named(circle, 'Circle')} Circle class`].sort(),
      );
    });
  });

  describe('symbol search', () => {
    it('searches every project, names each match by its declaration name, without duplicates', async () => {
      const found = await index.searchSymbols(scopeOf(fx), 'describe', 50);
      const summary = found.map((m) => [`${fx.rel(m.path)}:${String(m.start)}`, m.name, m.kind, m.length, m.containerName]);
      expect(summary.sort()).toEqual(
        [
          [named(shape, 'describe'), 'describe', 'method', 8, 'Base'],
          [named(square, 'describe'), 'describe', 'method', 8, 'Square'],
          [named(circle, 'describe'), 'describe', 'method', 8, 'Circle'],
        ].sort(),
      );
    });

    it('maps kinds and puts better matches first, cut to the maximum', async () => {
      const found = await index.searchSymbols(scopeOf(fx), 'Circle', 50);
      expect(found[0]).toEqual({
        name: 'Circle',
        kind: 'class',
        path: fx.path(circle),
        start: fx.offset(circle, 'Circle extends'),
        length: 6,
        containerName: undefined,
        place: 'exported',
      });
      const constants = await index.searchSymbols(scopeOf(fx), 'unit', 50);
      expect(constants.map((m) => [m.name, m.kind, `${fx.rel(m.path)}:${String(m.start)}`])).toEqual([
        ['unit', 'constant', named(circle, 'unit')],
      ]);
      expect(await index.searchSymbols(scopeOf(fx), 'describe', 2)).toHaveLength(2);
    });

    it('tells where each match sits: members of classes, exported declarations', async () => {
      const found = await index.searchSymbols(scopeOf(fx), 'describe', 50);
      expect(found.map((m) => m.place)).toEqual(['member', 'member', 'member']);
      expect((await index.searchSymbols(scopeOf(fx), 'unit', 50)).map((m) => m.place)).toEqual(['exported']);
    });

    it('stops with the reason of a signal that aborts during the search', async () => {
      const reason = new Error('timed out');
      let reads = 0;
      const signal: Signal = {
        get aborted() {
          return ++reads > 2;
        },
        reason,
        throwIfAborted() {},
        addEventListener() {},
        removeEventListener() {},
      };
      await expect(index.searchSymbols(scopeOf(fx, signal), 'a', 50)).rejects.toBe(reason);
    });
  });

  describe('call hierarchy', () => {
    const item = async (file: string, marker: string): Promise<CallItem> => {
      const items = await index.callItems(scopeOf(fx), fx.at(file, marker));
      expect(items).toHaveLength(1);
      return items[0] as CallItem;
    };
    const edges = (list: readonly CallEdge[]): [string, string, string, string[]][] =>
      list
        .map((e): [string, string, string, string[]] => [
          e.item.name,
          e.item.kind,
          `${fx.rel(e.item.path)}:${String(e.item.nameStart)}`,
          located(fx, e.sites),
        ])
        .sort();

    it('prepares an item spanning the declaration (its JSDoc included) and named by its name', async () => {
      const add = await item(shape, 'add(a');
      const start = SHAPE.indexOf('/**\n * Adds');
      const end = SHAPE.indexOf('+ b; }') + '+ b; }'.length;
      expect(add).toEqual({
        name: 'add',
        kind: 'function',
        path: fx.path(shape),
        start,
        length: end - start,
        nameStart: fx.offset(shape, 'add(a'),
        nameLength: 3,
      });
      expect((await item(square, 'area')).kind).toBe('method');
    });

    it('has no item for something that cannot be called', async () => {
      expect(await index.callItems(scopeOf(fx), fx.at(shape, 'Shape'))).toEqual([]);
    });

    it('finds callers in other files and in the dependent package, with the sites in the caller file', async () => {
      const calls = await index.incomingCalls(scopeOf(fx), await item(shape, 'add(a'));
      expect(edges(calls)).toEqual(
        [
          ['total', 'function', named(shape, 'total'), [named(shape, '/*@in-shape*/')]],
          ['area', 'method', named(square, 'area'), [named(square, '/*@in-square*/')]],
          // A call at the top level of a module: the caller is the file.
          ['circle.ts', 'file', `${circle}:0`, [named(circle, '/*@in-app*/')]],
        ].sort(),
      );
    });

    it('finds callees, in other files too, with the sites in the calling file', async () => {
      expect(edges(await index.outgoingCalls(scopeOf(fx), await item(shape, 'add(a')))).toEqual([
        ['twice', 'function', named(shape, 'twice(n'), [named(shape, '/*@out*/')]],
      ]);
      expect(edges(await index.outgoingCalls(scopeOf(fx), await item(square, 'area')))).toEqual([
        ['add', 'function', named(shape, 'add(a'), [named(square, '/*@in-square*/')]],
      ]);
    });
  });
});
