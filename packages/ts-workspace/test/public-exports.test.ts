import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { publicExportsOf } from '../src/packages/public-exports.js';
import { TsWorkspace } from '../src/ts-workspace.js';
import { TempDir } from './temp-dir.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * A package whose entry points reach its declarations every way a module can export: a
 * declaration exported where it is, `export { a } from`, `export { a as b }`, `export *`,
 * `export * as ns`, and an import exported again.
 */
function library(dir: TempDir, manifest: Record<string, unknown>): void {
  dir.write('pnpm-workspace.yaml', "packages:\n  - 'packages/*'\n");
  dir.write('packages/lib/package.json', JSON.stringify({ name: '@s/lib', ...manifest }));
  dir.write(
    'packages/lib/tsconfig.json',
    JSON.stringify({ compilerOptions: { declaration: true, emitDeclarationOnly: true, rootDir: 'src', outDir: 'dist', strict: true } }),
  );
  dir.write(
    'packages/lib/src/shapes.ts',
    'export class Square {\n  area(): number {\n    return 1;\n  }\n}\nexport function total(): number {\n  return 0;\n}\nfunction hidden(): void {}\nexport const unit = 1, half = 0.5;\n',
  );
  dir.write('packages/lib/src/sizes.ts', 'export function measure(): number {\n  return 2;\n}\n');
  dir.write('packages/lib/src/again.ts', "import { total as sum } from './shapes.js';\nexport { sum as grandTotal };\n");
  dir.write(
    'packages/lib/src/index.ts',
    [
      "export { Square, total } from './shapes.js';",
      "export { unit as one } from './shapes.js';",
      "export * from './again.js';",
      "export * as sizes from './sizes.js';",
      'export function own(): void {}',
      '',
    ].join('\n'),
  );
}

/** The public names of the declaration named `name` in `file` (its first occurrence). */
function exportsOfDeclaration(dir: TempDir, file: string, name: string, nth = 0): string[] {
  const ws = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
  ws.files.beginCall();
  const path = dir.path(file);
  const text = ws.files.text(path) ?? '';
  let start = -1;
  for (let i = 0; i <= nth; i++) start = text.indexOf(name, start + 1);
  const found = publicExportsOf(ws.files, ws.syntax, ws.outputs, ws.view(dir.root), [{ path, start, length: name.length }]);
  return found.map((f) => `${f.packageName} ${f.entryPoint} ${f.exportedName}`).sort();
}

describe('public exports of a workspace package', () => {
  it('follow every kind of re-export from the entry point to the declaration, under the name importers write', () => {
    using dir = new TempDir();
    library(dir, { exports: { '.': './src/index.ts', './sizes': './src/sizes.ts' } });

    expect(exportsOfDeclaration(dir, 'packages/lib/src/shapes.ts', 'total')).toEqual(['@s/lib . grandTotal', '@s/lib . total']);
    expect(exportsOfDeclaration(dir, 'packages/lib/src/shapes.ts', 'unit')).toEqual(['@s/lib . one']);
    expect(exportsOfDeclaration(dir, 'packages/lib/src/shapes.ts', 'area')).toEqual(['@s/lib . Square.area']);
    expect(exportsOfDeclaration(dir, 'packages/lib/src/sizes.ts', 'measure')).toEqual(['@s/lib . sizes.measure', '@s/lib ./sizes measure']);
    expect(exportsOfDeclaration(dir, 'packages/lib/src/index.ts', 'own')).toEqual(['@s/lib . own']);
  });

  it('leave out what no entry point exports, and uses that are not declarations', () => {
    using dir = new TempDir();
    library(dir, { exports: './src/index.ts' });

    expect(exportsOfDeclaration(dir, 'packages/lib/src/shapes.ts', 'hidden')).toEqual([]);
    expect(exportsOfDeclaration(dir, 'packages/lib/src/shapes.ts', 'half')).toEqual([]);
    // The specifier in index.ts names the export; the declaration is in shapes.ts.
    expect(exportsOfDeclaration(dir, 'packages/lib/src/index.ts', 'total')).toEqual([]);
  });

  it('find the source of an entry point that names build output, built or not yet', () => {
    using dir = new TempDir();
    library(dir, { types: './dist/index.d.ts', main: './dist/index.js' });

    expect(exportsOfDeclaration(dir, 'packages/lib/src/shapes.ts', 'total')).toEqual(['@s/lib . grandTotal', '@s/lib . total']);
    execFileSync(process.execPath, [tsc, '-p', dir.path('packages/lib/tsconfig.json')]);
    expect(exportsOfDeclaration(dir, 'packages/lib/src/shapes.ts', 'total')).toEqual(['@s/lib . grandTotal', '@s/lib . total']);
  });
});
