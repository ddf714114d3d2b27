import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DirTree } from '../src/files/dir-tree.js';
import { readDirectoryListing } from '../src/files/directory-listing.js';
import { WorkspaceInventory } from '../src/files/workspace-inventory.js';
import { TempDir } from './temp-dir.js';

describe('which directories and links a listing takes', () => {
  it('skips dot-directories and package folders, and walks build folders such as dist-types', () => {
    using dir = new TempDir();
    const kept = [dir.write('dist-types/a.d.ts', ''), dir.write('src/a.ts', '')];
    for (const skipped of ['.git', '.github', '.vscode', '.nx', 'node_modules', 'bower_components', 'jspm_packages']) {
      dir.write(`${skipped}/x.ts`, '');
    }
    const tree = new DirTree([{ path: dir.root, recursive: true }]);
    tree.rescan(1);

    expect([...tree.files()].sort()).toEqual(kept);
  });

  it('counts a symlinked file, follows no symlinked directory, and ignores a dangling link', () => {
    using dir = new TempDir();
    using outside = new TempDir();
    const target = outside.write('lib/shared.ts', 'export const shared = 1;\n');
    outside.write('lib/deep.ts', 'export {};\n');
    dir.write('src/own.ts', '');
    dir.symlink(target, 'src/linked.ts');
    dir.symlink(outside.path('lib'), 'src/linked-dir');
    dir.symlink(outside.path('missing.ts'), 'src/dangling.ts');

    expect(readDirectoryListing(dir.path('src'))).toEqual({ files: ['linked.ts', 'own.ts'], dirs: [] });
  });

  it('reports a change to the target of a symlinked file', () => {
    using dir = new TempDir();
    using outside = new TempDir();
    const target = outside.write('shared.ts', 'export const shared = 1;\n');
    const link = dir.symlink(target, 'src/linked.ts');
    const inventory = new WorkspaceInventory(dir.root);
    expect(inventory.scanChanges()).toEqual([]);
    expect(inventory.list()).toEqual([link]);

    fs.writeFileSync(target, 'export const shared = 2;\n');

    expect(inventory.scanChanges()).toEqual([{ path: link, kind: 'changed' }]);
  });
});
