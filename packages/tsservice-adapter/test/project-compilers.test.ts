import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, located, scopeOf } from './fixture.js';

const require = createRequire(import.meta.url);

/** The real package directory of an installed TypeScript (an aliased dev dependency: `typescript-6` is `npm:typescript@6.0.3`). */
function installed(alias: string): { dir: string; version: string } {
  const manifest = require.resolve(`${alias}/package.json`);
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  return { dir: fs.realpathSync(path.dirname(manifest)), version };
}

const TS_6 = installed('typescript-6');
const TS_5_0 = installed('typescript-5-0');
const BUNDLED = installed('typescript');

const oracle = new Map<string, string[]>();

/** The project's own `tsc --noEmit`, the oracle: the codes of the errors it prints (run once per project; plain, whatever FORCE_COLOR says). */
function tscErrors(typescript: { dir: string }, project: string): string[] {
  const key = `${typescript.dir}\0${project}`;
  let errors = oracle.get(key);
  if (errors === undefined) {
    errors = runTsc(typescript, project);
    oracle.set(key, errors);
  }
  return errors;
}

function runTsc(typescript: { dir: string }, project: string): string[] {
  try {
    execFileSync(process.execPath, [path.join(typescript.dir, 'bin', 'tsc'), '--noEmit', '--pretty', 'false', '-p', project], {
      encoding: 'utf8',
    });
    return [];
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    const out = stdout ?? '';
    return [...out.matchAll(/error (TS\d+)/g)].map((m) => m[1] ?? '');
  }
}

/** A workspace package whose `node_modules/typescript` is `typescript`, linked as pnpm links it. */
function withTypeScript(fx: Fixture, dir: string, typescript: { dir: string }): void {
  fx.symlink(typescript.dir, path.join(dir, 'node_modules', 'typescript'));
}

// Each test runs a real `tsc` or two as its oracle, and loads another TypeScript.
describe("a project's own compiler", { timeout: 180_000 }, () => {
  it("answers a TypeScript 6 project with 6.0's defaults: strict unless the config says otherwise, as its tsc says", async () => {
    const fx = new Fixture({
      'package.json': JSON.stringify({ devDependencies: { typescript: TS_6.version } }),
      'tsconfig.json': JSON.stringify({ include: ['a.ts'] }),
      'a.ts': 'export function f(x) { return x; }\n',
    });
    withTypeScript(fx, '.', TS_6);
    const index = new TsSymbolIndex();
    try {
      const records = await index.diagnostics(scopeOf(fx), fx.path('a.ts'));
      const errors = records.filter((d) => d.category === 'error').map((d) => `TS${d.code}`);
      expect(tscErrors(TS_6, fx.root)).toEqual(['TS7006']);
      expect(errors).toEqual(tscErrors(TS_6, fx.root));
      expect(await index.compilers(scopeOf(fx), fx.path('a.ts'))).toEqual([
        { version: TS_6.version, source: 'workspace', path: TS_6.dir, projects: [fx.path('tsconfig.json')] },
      ]);
    } finally {
      index.dispose();
      fx.cleanup();
    }
  });

  it("walks a TypeScript 5.0 program with 5.0's own syntax kinds: every overload found, as a reference and a definition, renames exact", async () => {
    const fx = new Fixture({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/lib.ts': [
        'export function /*@decl*/area(a: number): number;',
        'export function /*@decl2*/area(a: string): number;',
        'export function /*@decl3*/area(a: unknown) { return Number(a); }',
        '',
      ].join('\n'),
      'src/main.ts': "import { /*@ref*/area } from './lib';\nexport const x = /*@use*/area(2);\n",
    });
    withTypeScript(fx, '.', TS_5_0);
    const index = new TsSymbolIndex();
    try {
      const scope = scopeOf(fx);
      const references = await index.references(scope, fx.at('src/main.ts', '/*@use*/'));
      expect(located(fx, references.references)).toEqual(
        fx.spans(
          ['src/lib.ts', '/*@decl*/'],
          ['src/lib.ts', '/*@decl2*/'],
          ['src/lib.ts', '/*@decl3*/'],
          ['src/main.ts', '/*@ref*/'],
          ['src/main.ts', '/*@use*/'],
        ),
      );
      const definitions = await index.definitions(scope, fx.at('src/main.ts', '/*@use*/'));
      expect(located(fx, definitions)).toEqual(
        fx.spans(['src/lib.ts', '/*@decl*/'], ['src/lib.ts', '/*@decl2*/'], ['src/lib.ts', '/*@decl3*/']),
      );
      const renamed = await index.renameLocations(scope, fx.at('src/lib.ts', '/*@decl*/'), 'surface');
      expect(located(fx, renamed.edits)).toEqual(
        fx.spans(
          ['src/lib.ts', '/*@decl*/'],
          ['src/lib.ts', '/*@decl2*/'],
          ['src/lib.ts', '/*@decl3*/'],
          ['src/main.ts', '/*@ref*/'],
          ['src/main.ts', '/*@use*/'],
        ),
      );
      const [use] = await index.compilers(scope, fx.path('src/main.ts'));
      expect(use).toMatchObject({ version: TS_5_0.version, source: 'workspace', path: TS_5_0.dir });
    } finally {
      index.dispose();
      fx.cleanup();
    }
  });

  it('answers each package of a monorepo with its own version, and the workspace with both', async () => {
    const fx = new Fixture({
      'packages/old/tsconfig.json': JSON.stringify({ include: ['a.ts'] }),
      'packages/old/a.ts': 'export function f(x) { return x; }\n',
      'packages/new/tsconfig.json': JSON.stringify({ include: ['a.ts'] }),
      'packages/new/a.ts': 'export function f(x) { return x; }\n',
    });
    withTypeScript(fx, 'packages/old', TS_5_0);
    withTypeScript(fx, 'packages/new', TS_6);
    const index = new TsSymbolIndex();
    try {
      const scope = scopeOf(fx);
      const codes = (records: readonly { category: string; code: number | string }[]): string[] =>
        records.filter((d) => d.category === 'error').map((d) => `TS${d.code}`);
      // 5.0 is not strict by default (TS7044 is a suggestion), 6.0 is: each as its own tsc says.
      expect(codes(await index.diagnostics(scope, fx.path('packages/old/a.ts')))).toEqual(tscErrors(TS_5_0, fx.path('packages/old')));
      expect(codes(await index.diagnostics(scope, fx.path('packages/new/a.ts')))).toEqual(tscErrors(TS_6, fx.path('packages/new')));
      expect(tscErrors(TS_5_0, fx.path('packages/old'))).not.toEqual(tscErrors(TS_6, fx.path('packages/new')));
      const uses = await index.compilers(scope, undefined);
      expect(uses.map((u) => [u.version, u.projects]).sort()).toEqual(
        [
          [TS_5_0.version, [fx.path('packages/old/tsconfig.json')]],
          [TS_6.version, [fx.path('packages/new/tsconfig.json')]],
        ].sort(),
      );
    } finally {
      index.dispose();
      fx.cleanup();
    }
  });

  it('falls back to the bundled compiler with a note for a version declared but not installed, and picks it up once installed', async () => {
    const fx = new Fixture({
      'package.json': JSON.stringify({ devDependencies: { typescript: TS_6.version } }),
      'tsconfig.json': JSON.stringify({ include: ['a.ts'] }),
      'a.ts': 'export function f(x) { return x; }\n',
    });
    const index = new TsSymbolIndex();
    try {
      const scope = scopeOf(fx);
      const [before] = await index.compilers(scope, fx.path('a.ts'));
      expect(before).toMatchObject({ version: BUNDLED.version, source: 'bundled', path: BUNDLED.dir });
      expect(before?.note).toContain(`asks for typescript ${TS_6.version}, but it is not installed`);
      expect((await index.diagnostics(scope, fx.path('a.ts'))).filter((d) => d.category === 'error')).toEqual([]);

      withTypeScript(fx, '.', TS_6);
      expect((await index.diagnostics(scope, fx.path('a.ts'))).filter((d) => d.category === 'error').map((d) => d.code)).toEqual([7006]);
      expect(await index.compilers(scope, fx.path('a.ts'))).toMatchObject([{ version: TS_6.version, source: 'workspace' }]);
    } finally {
      index.dispose();
      fx.cleanup();
    }
  });

  it('serves a project on a version older than 5.0 with the bundled compiler, saying so', async () => {
    const fx = new Fixture({
      'tsconfig.json': JSON.stringify({ include: ['a.ts'] }),
      'a.ts': 'export const a = 1;\n',
      // Never loaded: the version in its manifest is all the bridge reads before refusing it.
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '4.9.5', main: './lib/typescript.js' }),
    });
    const index = new TsSymbolIndex();
    try {
      const [use] = await index.compilers(scopeOf(fx), fx.path('a.ts'));
      expect(use).toMatchObject({ version: BUNDLED.version, source: 'bundled' });
      expect(use?.note).toContain('typescript 4.9.5');
      expect(use?.note).toContain('older than 5.0.0');
      expect(await index.diagnostics(scopeOf(fx), fx.path('a.ts'))).toEqual([]);
    } finally {
      index.dispose();
      fx.cleanup();
    }
  });
});
