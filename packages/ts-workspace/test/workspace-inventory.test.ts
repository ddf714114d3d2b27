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
});
