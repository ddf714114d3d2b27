import type { Progress } from '@mcp-lsp-bridge/domain';
import { bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, located, projectWide, scopeOf } from './fixture.js';

const COMPILER = '"strict": true, "module": "esnext", "moduleResolution": "bundler"';
const BINARY = Buffer.from([0x65, 0x78, 0x70, 0x00, 0x01, 0x02, 0x66, 0x6f, 0x6f]);

describe('unreadable files and project-wide diagnostics', () => {
  let index: TsSymbolIndex;
  let fx: Fixture;
  afterEach(() => {
    index.dispose();
    fx.cleanup();
  });

  it('reports binary and oversized files of the program as failures, with the references it could find (AC-1.1.7)', async () => {
    index = new TsSymbolIndex({ maxFileBytes: 1024 });
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"] }`,
      'src/a.ts': 'export function /*@decl*/foo() {}\n',
      'src/b.ts': 'import { foo } from "./a";\n/*@use*/foo();\n',
      'src/big.ts': `import { foo } from "./a";\nfoo();\n${'// padding\n'.repeat(200)}`,
    });
    fx.write('src/blob.ts', BINARY);
    const answer = await index.references(scopeOf(fx), fx.at('src/a.ts', '/*@decl*/'));
    expect(located(fx, answer.references)).toEqual(fx.spans(['src/a.ts', '/*@decl*/'], ['src/b.ts', 'foo'], ['src/b.ts', '/*@use*/']));
    expect([...answer.failures].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: fx.path('src/big.ts'), reason: 'file is larger than 1 KiB' },
      { path: fx.path('src/blob.ts'), reason: 'binary file (contains NUL bytes)' },
    ]);
    expect(await index.sourceText(scopeOf(fx), fx.path('src/blob.ts'))).toBeUndefined();
    const refused = await index.diagnostics(scopeOf(fx), fx.path('src/blob.ts')).catch((e: unknown) => bridgeErrorOf(e));
    expect(refused).toMatchObject({ code: 'FILE_UNREADABLE' });
  });

  it('reports a file that became unusable since the last call, and no longer once it is usable again', async () => {
    index = new TsSymbolIndex({ maxFileBytes: 1024 });
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { ${COMPILER} }, "include": ["src"] }`,
      'src/a.ts': 'export function /*@decl*/foo() {}\n',
      'src/b.ts': 'import { foo } from "./a";\nfoo();\n',
    });
    const failures = async (): Promise<unknown[]> => [...(await index.references(scopeOf(fx), fx.at('src/a.ts', '/*@decl*/'))).failures];
    expect(await failures()).toEqual([]);
    fx.write('src/b.ts', BINARY);
    expect(await failures()).toEqual([{ path: fx.path('src/b.ts'), reason: 'binary file (contains NUL bytes)' }]);
    // The same program asked again: the same failures.
    expect(await failures()).toEqual([{ path: fx.path('src/b.ts'), reason: 'binary file (contains NUL bytes)' }]);
    fx.write('src/b.ts', 'import { foo } from "./a";\nfoo();\n');
    expect(await failures()).toEqual([]);
  });

  it('checks every file of every project, each in its own project, reporting progress and failures (AC-1.8.2)', async () => {
    index = new TsSymbolIndex();
    fx = new Fixture({
      'tsconfig.base.json': `{ "compilerOptions": { ${COMPILER} } }`,
      'packages/a/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src"] }',
      'packages/a/src/ok.ts': 'export const ok = 1;\n',
      'packages/a/src/bad.ts': 'export const bad: number = /*@a-err*/"no";\n',
      'packages/b/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "compilerOptions": { "strict": false }, "include": ["src"] }',
      'packages/b/src/loose.ts': 'export function loose(p) { return p; }\nexport const n: number = /*@b-err*/"no";\n',
      'packages/broken/tsconfig.json': '{ "include": ["src"],, }',
      'packages/broken/src/x.ts': 'export const x = 1;\n',
      'node_modules/dep/tsconfig.json': '{}',
      'node_modules/dep/index.ts': 'export const dep: number = "no";\n',
    });
    fx.write('packages/a/src/blob.ts', BINARY);
    const progress: Progress[] = [];
    const answer = await projectWide(index, { ...scopeOf(fx), onProgress: (p) => progress.push(p) });
    const errors = answer.diagnostics.filter((d) => d.category === 'error');
    expect(located(fx, errors)).toEqual(fx.spans(['packages/a/src/bad.ts', 'bad'], ['packages/b/src/loose.ts', 'n:']));
    expect(answer.diagnostics.some((d) => d.code === 7006)).toBe(false);
    expect(answer.filesChecked).toBe(3);
    expect(answer.failures.map((f) => [fx.rel(f.path), f.reason])).toEqual([
      ['packages/broken/tsconfig.json', expect.stringContaining('packages/broken/tsconfig.json is not valid JSON')],
      ['packages/a/src/blob.ts', 'binary file (contains NUL bytes)'],
    ]);
    expect(progress).toEqual([{ done: 0, total: 3, message: 'checking 3 files' }, ...[1, 2, 3].map((done) => ({ done, total: 3 }))]);
  });

  it('checks the inferred project when the workspace has no config', async () => {
    index = new TsSymbolIndex();
    fx = new Fixture({ 'a.js': 'export const a = 1;\n', 'b.ts': 'export const b: number = "no";\n' });
    const answer = await projectWide(index, scopeOf(fx));
    expect(answer.filesChecked).toBe(2);
    expect(answer.diagnostics.filter((d) => d.category === 'error').map((d) => [fx.rel(d.path), d.code])).toEqual([['b.ts', 2322]]);
  });

  it('refuses with CONFIG_NOT_FOUND when the only config is broken', async () => {
    index = new TsSymbolIndex();
    fx = new Fixture({ 'tsconfig.json': '{ "extends": "./gone.json" }', 'a.ts': 'export const a = 1;\n' });
    const refused = await projectWide(index, scopeOf(fx)).catch((e: unknown) => bridgeErrorOf(e));
    expect(refused).toMatchObject({ code: 'CONFIG_NOT_FOUND' });
  });
});
