import type { RenameConflict } from '@mcp-lsp-bridge/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { renameConflicts, renameEdits } from './domain-rename.js';
import { Fixture, located, scopeOf } from './fixture.js';

describe('rename conflicts (decided by the type checker)', () => {
  let index: TsSymbolIndex;
  let fx: Fixture;
  beforeAll(() => {
    index = new TsSymbolIndex();
    fx = new Fixture({
      'tsconfig.json':
        '{ "compilerOptions": { "strict": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler" }, "include": ["src"] }',
      'src/dup.ts': 'export function /*@a*/alpha() { return 1; }\nconst /*@b*/beta = 2;\nexport const sum = alpha() + beta;\n',
      'src/box.ts':
        'export class Box {\n  /*@w*/width = 1;\n  /*@h*/height = 2;\n  area() { return this.width * this.height; }\n}\n' +
        'export interface Size { /*@sw*/w: number; /*@sh*/h: number }\n',
      'src/merge.ts': 'export interface /*@A*/Apple { seeds: number }\nexport interface /*@B*/Berry { size: number }\n',
      'src/other.ts': 'export function beta() { return 2; }\n',
      'src/exports.ts': 'export function /*@x*/alpha() { return 1; }\nexport { /*@re*/beta } from "./other";\n',
      'src/shadow.ts': 'const /*@x*/x = 1;\nexport function f() {\n  const /*@y*/y = 2;\n  return /*@use*/x + y;\n}\n',
      'src/capture.ts': 'export const /*@outer*/y = 1;\nexport function g() {\n  const /*@z*/z = 2;\n  return z + /*@y*/y;\n}\n',
      'src/globals.ts':
        'export function greet() {\n  const /*@label*/label = "x";\n  return label.toUpperCase();\n}\nexport const other = () => name;\n' +
        'export function shout() {\n  const /*@message*/message = "x";\n  /*@console*/console.log(message);\n}\n',
      'src/star/a.ts': 'export const /*@sa*/sa = 1;\n',
      'src/star/b.ts': 'export const sb = 2;\n',
      'src/star/index.ts': 'export * from "./a";\nexport * from /*@starb*/"./b";\n',
      'src/lib.ts': 'export function /*@make*/make(n: number) { return n; }\n',
      'src/use.ts': 'import { make } from "./lib";\nconst /*@build*/build = 1;\nexport const made = make(build);\n',
    });
  });
  afterAll(() => {
    index.dispose();
    fx.cleanup();
  });

  const conflictsOf = async (file: string, marker: string, newName: string): Promise<readonly RenameConflict[]> => {
    const at = fx.at(file, marker);
    expect((await renameEdits(index, fx, at, newName)).length).toBeGreaterThan(0);
    return renameConflicts(index, fx, at, newName);
  };

  it('reports a name already declared in the same scope, at that declaration', async () => {
    const conflicts = await conflictsOf('src/dup.ts', '/*@a*/', 'beta');
    expect(located(fx, conflicts)).toContain(`src/dup.ts:${fx.offset('src/dup.ts', '/*@b*/')}`);
    expect(conflicts.find((c) => c.start === fx.offset('src/dup.ts', '/*@b*/'))?.description).toMatch(/^"beta" is already declared here/);
  });

  it('reports renaming a class member or an interface member to another member of the same type', async () => {
    expect(located(fx, await conflictsOf('src/box.ts', '/*@w*/', 'height'))).toContain(`src/box.ts:${fx.offset('src/box.ts', '/*@h*/')}`);
    expect(located(fx, await conflictsOf('src/box.ts', '/*@sw*/', 'h'))).toContain(`src/box.ts:${fx.offset('src/box.ts', '/*@sh*/')}`);
  });

  it('reports two interfaces that would silently merge', async () => {
    const conflicts = await conflictsOf('src/merge.ts', '/*@A*/', 'Berry');
    expect(conflicts).toContainEqual({
      path: fx.path('src/merge.ts'),
      start: fx.offset('src/merge.ts', '/*@B*/'),
      description: '"Berry" is already declared here',
    });
  });

  it('reports an export renamed to a name the module already exports', async () => {
    const conflicts = await conflictsOf('src/exports.ts', '/*@x*/', 'beta');
    expect(located(fx, conflicts)).toContain(`src/exports.ts:${fx.offset('src/exports.ts', '/*@re*/')}`);
  });

  it('reports an ambiguity in a barrel that star-exports both modules, though the barrel is not edited', async () => {
    const conflicts = await conflictsOf('src/star/a.ts', '/*@sa*/', 'sb');
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]?.path).toBe(fx.path('src/star/index.ts'));
    expect(conflicts[0]?.description).toContain('TS2308');
  });

  it('reports a reference that an inner declaration of the new name would shadow', async () => {
    const conflicts = await conflictsOf('src/shadow.ts', '/*@x*/', 'y');
    expect(conflicts).toEqual([
      {
        path: fx.path('src/shadow.ts'),
        start: fx.offset('src/shadow.ts', '/*@use*/'),
        description: `this reference would resolve to "y" declared at src/shadow.ts:${fx.lineColumn('src/shadow.ts', '/*@y*/')}`,
      },
    ]);
  });

  it('reports an existing reference to the new name that the renamed symbol would capture', async () => {
    const conflicts = await conflictsOf('src/capture.ts', '/*@z*/', 'y');
    expect(conflicts).toContainEqual({
      path: fx.path('src/capture.ts'),
      start: fx.offset('src/capture.ts', '/*@y*/'),
      description: `this reference to "y" (declared at src/capture.ts:${fx.lineColumn('src/capture.ts', '/*@outer*/')}) would resolve to the renamed symbol`,
    });
  });

  it('allows shadowing a global that nothing in scope uses, but not capturing a use of it', async () => {
    expect(await conflictsOf('src/globals.ts', '/*@label*/', 'name')).toEqual([]);
    expect(await conflictsOf('src/globals.ts', '/*@label*/', 'console')).toEqual([]);
    expect(await conflictsOf('src/globals.ts', '/*@label*/', 'status')).toEqual([]);
    const captured = await conflictsOf('src/globals.ts', '/*@message*/', 'console');
    expect(located(fx, captured)).toEqual([`src/globals.ts:${fx.offset('src/globals.ts', '/*@console*/')}`]);
  });

  it('reports a clash in an importing file', async () => {
    const conflicts = await conflictsOf('src/lib.ts', '/*@make*/', 'build');
    expect(conflicts.some((c) => c.path === fx.path('src/use.ts'))).toBe(true);
  });

  it('finds nothing for a fresh name, and leaves the service on the disk state', async () => {
    expect(await conflictsOf('src/dup.ts', '/*@a*/', 'gamma')).toEqual([]);
    const refs = await index.references(scopeOf(fx), fx.at('src/dup.ts', '/*@a*/'));
    expect(located(fx, refs.references)).toEqual(fx.spans(['src/dup.ts', '/*@a*/'], ['src/dup.ts', 'alpha()', 1]));
    const errors = (await index.diagnostics(scopeOf(fx), fx.path('src/dup.ts'))).filter((d) => d.category === 'error');
    expect(errors).toEqual([]);
  });
});
