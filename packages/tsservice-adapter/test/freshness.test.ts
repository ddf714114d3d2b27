import { bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, located, scopeOf } from './fixture.js';

const COMPILER = '"strict": true, "module": "esnext", "moduleResolution": "bundler"';

/** Every call must see the disk as it is now: files are changed with plain fs writes, no notification, no sleep. */
describe('freshness', () => {
  let index: TsSymbolIndex;
  let fx: Fixture;
  beforeEach(() => {
    index = new TsSymbolIndex();
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"] }`,
      'src/a.ts': 'export function /*@decl*/foo(n: number) { return n; }\nexport function bar(n: number) { return n; }\n',
      'src/b.ts': 'import { foo, bar } from "./a";\nfoo(1);\nbar(2);\n',
    });
  });
  afterEach(() => {
    index.dispose();
    fx.cleanup();
  });

  const fooReferences = async (): Promise<string[]> =>
    located(fx, (await index.references(scopeOf(fx), fx.at('src/a.ts', '/*@decl*/'))).references);

  it('sees an edit that keeps the size of the file, made right after the previous call', async () => {
    expect(await fooReferences()).toEqual(fx.spans(['src/a.ts', '/*@decl*/'], ['src/b.ts', 'foo'], ['src/b.ts', 'foo(1)']));
    fx.write('src/b.ts', 'import { foo, bar } from "./a";\nbar(1);\nfoo(2);\n');
    expect(await fooReferences()).toEqual(fx.spans(['src/a.ts', '/*@decl*/'], ['src/b.ts', 'foo'], ['src/b.ts', 'foo(2)']));
    expect(await index.sourceText(scopeOf(fx), fx.path('src/b.ts'))).toBe(fx.text('src/b.ts'));
  });

  it('sees a new file that matches the include, and forgets a deleted one', async () => {
    await fooReferences();
    fx.write('src/c.ts', 'import { foo } from "./a";\nexport const c = foo(3);\n');
    expect(await fooReferences()).toEqual(
      fx.spans(['src/a.ts', '/*@decl*/'], ['src/b.ts', 'foo'], ['src/b.ts', 'foo(1)'], ['src/c.ts', 'foo'], ['src/c.ts', 'foo(3)']),
    );
    fx.remove('src/b.ts');
    expect(await fooReferences()).toEqual(fx.spans(['src/a.ts', '/*@decl*/'], ['src/c.ts', 'foo'], ['src/c.ts', 'foo(3)']));
  });

  it('refuses a file deleted after the call listed it with FILE_NOT_FOUND, not a language-service failure (found by the soak)', async () => {
    await fooReferences();
    const at = fx.at('src/b.ts', 'foo(1)');
    fx.remove('src/b.ts');
    const refusal = await index.definitions(scopeOf(fx), at).then(
      () => undefined,
      (error: unknown) => bridgeErrorOf(error),
    );
    expect(refusal?.code).toBe('FILE_NOT_FOUND');
    expect(refusal?.message).toBe('"src/b.ts" was deleted while the call ran');
  });

  it('picks up a new file that an existing file imports, through module resolution alone', async () => {
    fx.write('tsconfig.json', `{ "compilerOptions": { ${COMPILER} }, "files": ["src/main.ts"] }`);
    fx.write('src/main.ts', 'import { helper } from "./lib/helper";\nexport const x = /*@use*/helper();\n');
    // Unresolved, the name is only declared by its import.
    expect(located(fx, await index.definitions(scopeOf(fx), fx.at('src/main.ts', '/*@use*/')))).toEqual(
      fx.spans(['src/main.ts', 'helper']),
    );
    const before = await index.diagnostics(scopeOf(fx), fx.path('src/main.ts'));
    expect(before.map((d) => d.code)).toContain(2307);
    fx.write('src/lib/helper.ts', 'export function /*@decl*/helper() { return 1; }\n');
    const defs = await index.definitions(scopeOf(fx), fx.at('src/main.ts', '/*@use*/'));
    expect(located(fx, defs)).toEqual(fx.spans(['src/lib/helper.ts', '/*@decl*/']));
    expect((await index.diagnostics(scopeOf(fx), fx.path('src/main.ts'))).map((d) => d.code)).not.toContain(2307);
  });

  it('sees a module appear in a workspace package linked into node_modules, and looks at nothing behind the link on a call without changes', async () => {
    fx.write('tsconfig.json', `{ "compilerOptions": { ${COMPILER} }, "files": ["src/main.ts"] }`);
    fx.write('packages/lib/package.json', '{ "name": "@ws/lib", "version": "1.0.0" }\n');
    fx.write('packages/lib/index.ts', 'export const one = 1;\n');
    fx.symlink('../../packages/lib', 'node_modules/@ws/lib');
    fx.write(
      'src/main.ts',
      'import { one } from "@ws/lib";\nimport { helper } from "@ws/lib/helper";\nexport const x = one + /*@use*/helper();\n',
    );
    const definitions = async (): Promise<string[]> => located(fx, await index.definitions(scopeOf(fx), fx.at('src/main.ts', '/*@use*/')));
    // Unresolved, the name is only declared by its import.
    expect(await definitions()).toEqual(fx.spans(['src/main.ts', 'helper']));
    // The next call verifies what the program's lookups found (one stat each), once.
    expect(await definitions()).toEqual(fx.spans(['src/main.ts', 'helper']));
    const stat = vi.spyOn(fs, 'statSync');
    try {
      expect(await definitions()).toEqual(fx.spans(['src/main.ts', 'helper']));
      const behindLink = stat.mock.calls.map(([target]) => String(target)).filter((target) => target.includes(fx.path('node_modules')));
      expect(behindLink).toEqual([]);
    } finally {
      stat.mockRestore();
    }
    fx.write('packages/lib/helper.ts', 'export function /*@decl*/helper() { return 1; }\n');
    expect(await definitions()).toEqual(fx.spans(['packages/lib/helper.ts', '/*@decl*/']));
  });

  it('sees a fixed error disappear and an edited config take effect', async () => {
    fx.write('src/d.ts', 'export const d: number = /*@bad*/"text";\nexport function loose(p) { return p; }\n');
    const codes = async (): Promise<number[]> =>
      (await index.diagnostics(scopeOf(fx), fx.path('src/d.ts')))
        .filter((d) => d.category === 'error')
        .map((d) => Number(d.code))
        .sort();
    expect(await codes()).toEqual([2322, 7006]);
    fx.write('src/d.ts', 'export const d: number = 42;\nexport function loose(p) { return p; }\n');
    expect(await codes()).toEqual([7006]);
    fx.write('tsconfig.json', `{ "compilerOptions": { ${COMPILER}, "noImplicitAny": false }, "include": ["src"] }`);
    expect(await codes()).toEqual([]);
  });

  it('keeps watching files that joined the project outside its include during one call', async () => {
    fx.write('scripts/one.ts', 'import { foo } from "../src/a";\nfoo(1);\n');
    fx.write('scripts/two.ts', 'import { foo } from "../src/a";\nfoo(2);\n');
    // One call makes both files extra roots: the second joins after the project synced.
    const edits = ['scripts/one.ts', 'scripts/two.ts'].flatMap((file) => [
      { path: fx.path(file), start: fx.offset(file, 'foo'), length: 3, newText: 'qux' },
      { path: fx.path(file), start: fx.offset(file, 'foo', 1), length: 3, newText: 'qux' },
    ]);
    const overlay = new Map(
      ['scripts/one.ts', 'scripts/two.ts'].map((file) => [fx.path(file), fx.text(file).replaceAll('foo', 'qux')] as const),
    );
    expect(edits).toHaveLength(4);
    await index.simulateEdits(scopeOf(fx), { overlay, before: [], after: [], files: [...overlay.keys()] });
    const errors = async (): Promise<number[]> =>
      (await index.diagnostics(scopeOf(fx), fx.path('scripts/two.ts'))).filter((d) => d.category === 'error').map((d) => Number(d.code));
    expect(await errors()).toEqual([]);
    fx.write('scripts/two.ts', 'import { foo } from "../src/a";\nfoo("two");\n');
    expect(await errors()).toEqual([2345]);
  });

  it('sees new and deleted files of an inferred project', async () => {
    const inferred = new Fixture({ 'one.js': 'export function /*@decl*/one() {}\n' });
    try {
      const refs = async (): Promise<string[]> =>
        located(inferred, (await index.references(scopeOf(inferred), inferred.at('one.js', '/*@decl*/'))).references);
      expect(await refs()).toEqual(inferred.spans(['one.js', '/*@decl*/']));
      inferred.write('deep/er/two.ts', 'import { one } from "../../one.js";\none();\n');
      expect(await refs()).toEqual(inferred.spans(['one.js', '/*@decl*/'], ['deep/er/two.ts', 'one'], ['deep/er/two.ts', 'one()']));
      inferred.remove('deep');
      expect(await refs()).toEqual(inferred.spans(['one.js', '/*@decl*/']));
    } finally {
      inferred.cleanup();
    }
  });

  it('answers identifiers from the current text', async () => {
    const names = async (): Promise<string[]> => {
      const text = fx.text('src/b.ts');
      return (await index.identifiersIn(scopeOf(fx), fx.path('src/b.ts'), 0, text.length)).map((id) => id.text);
    };
    expect(await names()).toEqual(['foo', 'bar', 'foo', 'bar']);
    fx.write('src/b.ts', 'import { foo, bar } from "./a";\nfoo(1);\n');
    expect(await names()).toEqual(['foo', 'bar', 'foo']);
  });
});
