import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { renameEdits } from './domain-rename.js';
import { Fixture, located, scopeOf } from './fixture.js';

const COMPILER = '"strict": true, "module": "esnext", "moduleResolution": "bundler"';

describe('cross-project monorepo', () => {
  let index: TsSymbolIndex;
  let fx: Fixture;
  beforeEach(() => {
    index = new TsSymbolIndex();
  });
  afterEach(() => {
    index.dispose();
    fx.cleanup();
  });

  describe('through a paths alias in a shared tsconfig.base.json and a named barrel', () => {
    beforeEach(() => {
      fx = new Fixture({
        'tsconfig.base.json': `{ "compilerOptions": { ${COMPILER}, "paths": { "@acme/greet": ["./packages/greet/src/index.ts"] } } }`,
        'packages/greet/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src"] }',
        'packages/greet/src/index.ts': 'export { /*@barrel*/greet } from "./greet";\n',
        'packages/greet/src/greet.ts': 'export function /*@decl*/greet(name: string): string { return "hi " + name; }\n',
        'packages/greet/src/internal.ts': 'import { /*@a-imp*/greet } from "./greet";\nexport const hello = /*@a-use*/greet("a");\n',
        'packages/app/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src"] }',
        'packages/app/src/main.ts': 'import { /*@b-imp*/greet } from "@acme/greet";\nexport const line = /*@b-use*/greet("b");\n',
        'packages/other/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src"] }',
        'packages/other/src/x.ts': 'export const unrelated = 1;\n',
      });
    });

    const everyUse = (): string[] =>
      fx.spans(
        ['packages/greet/src/greet.ts', '/*@decl*/'],
        ['packages/greet/src/index.ts', '/*@barrel*/'],
        ['packages/greet/src/internal.ts', '/*@a-imp*/'],
        ['packages/greet/src/internal.ts', '/*@a-use*/'],
        ['packages/app/src/main.ts', '/*@b-imp*/'],
        ['packages/app/src/main.ts', '/*@b-use*/'],
      );

    it('finds the usages of the dependent package from the declaring side', async () => {
      const answer = await index.references(scopeOf(fx), fx.at('packages/greet/src/greet.ts', '/*@decl*/'));
      expect(located(fx, answer.references)).toEqual(everyUse());
      const definitions = await index.definitions(scopeOf(fx), fx.at('packages/greet/src/greet.ts', '/*@decl*/'));
      expect(located(fx, definitions)).toEqual(fx.spans(['packages/greet/src/greet.ts', '/*@decl*/']));
      expect(index.loadedProjects()).not.toContain(fx.path('packages/other/tsconfig.json'));
    });

    it('finds the package-internal usages from the dependent side', async () => {
      const answer = await index.references(scopeOf(fx), fx.at('packages/app/src/main.ts', '/*@b-use*/'));
      expect(located(fx, answer.references)).toEqual(everyUse());
    });

    it('sees a package that appears between calls', async () => {
      await index.references(scopeOf(fx), fx.at('packages/greet/src/greet.ts', '/*@decl*/'));
      fx.write('packages/late/tsconfig.json', '{ "extends": "../../tsconfig.base.json", "include": ["src"] }');
      fx.write('packages/late/src/late.ts', 'import { greet } from "@acme/greet";\nexport const late = /*@late*/greet("c");\n');
      const answer = await index.references(scopeOf(fx), fx.at('packages/greet/src/greet.ts', '/*@decl*/'));
      expect(located(fx, answer.references)).toEqual(
        [...everyUse(), ...fx.spans(['packages/late/src/late.ts', 'greet'], ['packages/late/src/late.ts', '/*@late*/'])].sort(),
      );
    });

    it('renames on both sides, through the barrel, from either side', async () => {
      for (const [file, marker] of [
        ['packages/greet/src/greet.ts', '/*@decl*/'],
        ['packages/app/src/main.ts', '/*@b-use*/'],
        ['packages/app/src/main.ts', '/*@b-imp*/'],
      ] as const) {
        const edits = await renameEdits(index, fx, fx.at(file, marker), 'salute');
        expect(located(fx, edits)).toEqual(everyUse());
        expect(new Set(edits.map((e) => e.newText))).toEqual(new Set(['salute']));
      }
    });
  });

  describe('through a workspace dependency symlink whose types point at the sources', () => {
    beforeEach(() => {
      fx = new Fixture({
        'packages/util/package.json': JSON.stringify({ name: '@acme/util', types: './src/index.ts' }),
        'packages/util/tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"] }`,
        'packages/util/src/index.ts':
          'export function /*@decl*/clamp(n: number) { return Math.max(0, n); }\nexport const zero = /*@a-use*/clamp(-1);\n',
        'packages/web/tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"] }`,
        'packages/web/src/page.ts': 'import { /*@b-imp*/clamp } from "@acme/util";\nexport const width = /*@b-use*/clamp(5);\n',
      });
      fx.symlink('../../../util', 'packages/web/node_modules/@acme/util');
    });

    it('finds references and renames from both sides, by real path', async () => {
      const everyUse = fx.spans(
        ['packages/util/src/index.ts', '/*@decl*/'],
        ['packages/util/src/index.ts', '/*@a-use*/'],
        ['packages/web/src/page.ts', '/*@b-imp*/'],
        ['packages/web/src/page.ts', '/*@b-use*/'],
      );
      for (const [file, marker] of [
        ['packages/util/src/index.ts', '/*@decl*/'],
        ['packages/web/src/page.ts', '/*@b-use*/'],
      ] as const) {
        expect(located(fx, (await index.references(scopeOf(fx), fx.at(file, marker))).references)).toEqual(everyUse);
        expect(located(fx, await renameEdits(index, fx, fx.at(file, marker), 'limit'))).toEqual(everyUse);
      }
    });
  });

  describe('through a workspace dependency symlink to built .d.ts with project references', () => {
    beforeEach(() => {
      fx = new Fixture({
        'packages/core/package.json': JSON.stringify({
          name: '@acme/core',
          types: './dist/index.d.ts',
          exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
        }),
        'packages/core/tsconfig.json': `{ "compilerOptions": { ${COMPILER}, "composite": true, "rootDir": "src", "outDir": "dist" }, "include": ["src"] }`,
        'packages/core/src/index.ts': 'export * from "./money";\n',
        'packages/core/src/money.ts':
          'export interface Money { cents: number }\nexport function add(a: Money, b: Money): Money { return { cents: a.cents + b.cents }; }\n',
        'packages/core/dist/index.d.ts': 'export * from "./money";\n',
        'packages/core/dist/money.d.ts':
          'export interface Money { cents: number; }\nexport declare function add(a: Money, b: Money): Money;\n',
        'packages/shop/package.json': JSON.stringify({ name: '@acme/shop', dependencies: { '@acme/core': 'workspace:*' } }),
        'packages/shop/tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"], "references": [{ "path": "../core" }] }`,
        'packages/shop/src/cart.ts':
          'import type { /*@b-imp*/Money } from "@acme/core";\nexport const total: /*@b-use*/Money = { cents: 0 };\n',
      });
      fx.symlink('../../../core', 'packages/shop/node_modules/@acme/core');
    });

    const everyUse = (): string[] =>
      fx.spans(
        ['packages/core/src/money.ts', 'Money', 0],
        ['packages/core/src/money.ts', 'Money', 1],
        ['packages/core/src/money.ts', 'Money', 2],
        ['packages/core/src/money.ts', 'Money', 3],
        ['packages/shop/src/cart.ts', '/*@b-imp*/'],
        ['packages/shop/src/cart.ts', '/*@b-use*/'],
      );

    it('finds references from both sides, in the sources rather than the built output', async () => {
      for (const [file, marker, nth] of [
        ['packages/core/src/money.ts', 'Money', 0],
        ['packages/shop/src/cart.ts', '/*@b-use*/', 0],
      ] as const) {
        const answer = await index.references(scopeOf(fx), fx.at(file, marker, nth));
        expect(located(fx, answer.references)).toEqual(everyUse());
      }
    });

    it('renames from both sides', async () => {
      for (const [file, marker, nth] of [
        ['packages/core/src/money.ts', 'Money', 2],
        ['packages/shop/src/cart.ts', '/*@b-use*/', 0],
      ] as const) {
        const edits = await renameEdits(index, fx, fx.at(file, marker, nth), 'Cash');
        expect(located(fx, edits)).toEqual(everyUse());
        expect(new Set(edits.map((e) => e.newText))).toEqual(new Set(['Cash']));
      }
    });

    it('goes to the source declaration, not the .d.ts', async () => {
      const defs = await index.definitions(scopeOf(fx), fx.at('packages/shop/src/cart.ts', '/*@b-use*/'));
      expect(located(fx, defs)).toEqual(fx.spans(['packages/core/src/money.ts', 'Money', 0]));
    });
  });
});
