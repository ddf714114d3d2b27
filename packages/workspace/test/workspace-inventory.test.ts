import { describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { WorkspaceInventory } from '../src/files/workspace-inventory.js';
import { TempDir } from './temp-dir.js';

describe('WorkspaceInventory', () => {
  it('reports nothing at first, then created, changed (even at the same size) and deleted files', () => {
    using dir = new TempDir();
    const a = dir.write('src/a.ts', 'const a = 1;\n');
    const b = dir.write('src/b.ts', 'const b = 1;\n');
    dir.write('node_modules/dep/index.d.ts', 'export {};\n');
    const files = new WorkspaceInventory(dir.root);
    expect(files.scanChanges()).toEqual([]);
    expect(files.list()).toEqual([a, b]);

    dir.write('src/a.ts', 'const a = 2;\n');
    const c = dir.write('src/deep/c.ts', 'export {};\n');
    rmSync(b);
    expect(files.scanChanges().sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: a, kind: 'changed' },
      { path: b, kind: 'deleted' },
      { path: c, kind: 'created' },
    ]);
    expect(files.scanChanges()).toEqual([]);
  });

  it('refuses with CONFIG_NOT_FOUND, naming the root, a walk past the directory budget', () => {
    using dir = new TempDir();
    for (let i = 0; i < 6; i++) dir.write(`d${i}/src/x.ts`, 'export {};\n');
    let thrown: unknown;
    try {
      new WorkspaceInventory(dir.root, 10).scanChanges();
    } catch (error) {
      thrown = error;
    }
    const error = bridgeErrorOf(thrown);
    expect(error?.code).toBe('CONFIG_NOT_FOUND');
    expect(error?.message).toContain(dir.root);
    expect(error?.message).toContain('10 directories');
  });

  it('reports the files of a package installed, upgraded or removed in a node_modules folder between scans', () => {
    using dir = new TempDir();
    dir.write('src/a.ts', 'import "fresh";\n');
    dir.write('packages/lib/package.json', '{"name":"lib"}\n');
    dir.write('node_modules/old/package.json', '{"name":"old"}\n');
    const files = new WorkspaceInventory(dir.root);
    expect(files.scanChanges()).toEqual([]);

    const manifest = dir.write('node_modules/fresh/package.json', '{"name":"fresh","types":"dist/index.d.ts"}\n');
    const types = dir.write('node_modules/fresh/dist/index.d.ts', 'export declare const x: number;\n');
    dir.write('node_modules/fresh/README.md', '# fresh\n');
    dir.write('node_modules/fresh/node_modules/inner/index.d.ts', 'export {};\n');
    const scoped = dir.write('node_modules/@scope/pkg/index.d.ts', 'export {};\n');
    const nested = dir.write('packages/lib/node_modules/dep/index.js', 'module.exports = 1;\n');
    const sorted = (): { path: string; kind: string }[] => files.scanChanges().sort((x, y) => x.path.localeCompare(y.path));
    expect(sorted()).toEqual(
      [
        { path: dir.path('node_modules/fresh'), kind: 'created' },
        { path: manifest, kind: 'created' },
        { path: types, kind: 'created' },
        { path: dir.path('node_modules/@scope/pkg'), kind: 'created' },
        { path: scoped, kind: 'created' },
        { path: dir.path('packages/lib/node_modules/dep'), kind: 'created' },
        { path: nested, kind: 'created' },
      ].sort((x, y) => x.path.localeCompare(y.path)),
    );
    expect(files.scanChanges()).toEqual([]);
    expect(files.list()).not.toContain(types);

    // An upgrade rewrites the manifest: every file of the package is announced again.
    dir.write('node_modules/fresh/package.json', '{"name":"fresh","version":"2.0.0","types":"dist/index.d.ts"}\n');
    const added = dir.write('node_modules/fresh/dist/extra.d.ts', 'export {};\n');
    expect(sorted()).toEqual([
      { path: added, kind: 'created' },
      { path: types, kind: 'changed' },
      { path: manifest, kind: 'changed' },
    ]);

    rmSync(dir.path('node_modules/fresh'), { recursive: true });
    expect(sorted()).toEqual([
      { path: dir.path('node_modules/fresh'), kind: 'deleted' },
      { path: added, kind: 'deleted' },
      { path: types, kind: 'deleted' },
      { path: manifest, kind: 'deleted' },
    ]);
  });
});
