import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirTree } from '../src/files/dir-tree.js';
import { WorkspaceInventory } from '../src/files/workspace-inventory.js';
import { Workspace } from '../src/workspace.js';
import { inotifyWatches } from './inotify.js';
import { TempDir } from './temp-dir.js';

function workspace(options: { burstLimit?: number; enabled?: boolean; log?: (m: string) => void } = {}): Workspace {
  return new Workspace({ maxFileBytes: 1024 * 1024, watch: options });
}

function sorted(paths: Iterable<string>): string[] {
  return [...paths].sort();
}

// The watcher is Linux's (inotify); elsewhere every call checks by stat, which the other tests cover.
describe.runIf(process.platform === 'linux')('workspace watch', () => {
  it('trusts what it watches, and the next call sees each of 200 plain-fs writes made right before it', async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export const a = 0;\n');
    const ws = workspace();
    await ws.beginCall(dir.root);
    expect(ws.files.text(file)).toBe('export const a = 0;\n');
    expect(ws.files.isWatched(file)).toBe(true);
    for (let round = 1; round <= 200; round++) {
      // Alternating sizes and same sizes, so neither size nor mtime tells the writes apart.
      const text = `export const a = ${round % 2 === 0 ? round : `'${round}'`};\n`;
      fs.writeFileSync(file, text);
      await ws.beginCall(dir.root);
      expect(ws.files.text(file)).toBe(text);
    }
    ws.dispose();
  });

  it('sees a second same-size write whose mtime was put back to the first one', async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export const a = 1;\n');
    const ws = workspace();
    await ws.beginCall(dir.root);
    const first = ws.files.version(file);
    const { mtime, atime } = fs.statSync(file);
    fs.writeFileSync(file, 'export const a = 2;\n');
    fs.utimesSync(file, atime, mtime);
    await ws.beginCall(dir.root);
    expect(ws.files.text(file)).toBe('export const a = 2;\n');
    expect(ws.files.version(file)).not.toBe(first);
    ws.dispose();
  });

  it('sees a directory deleted and made again with other files, and a listing follows', async () => {
    using dir = new TempDir();
    const old = dir.write('src/sub/old.ts', 'export const old = 1;\n');
    dir.write('src/top.ts', 'export {};\n');
    const ws = workspace();
    await ws.beginCall(dir.root);
    const tree = ws.listing(dir.root);
    expect(ws.files.text(old)).toBe('export const old = 1;\n');
    expect(sorted(tree.files())).toEqual([old, dir.path('src/top.ts')]);

    fs.rmSync(dir.path('src/sub'), { recursive: true });
    const fresh = dir.write('src/sub/fresh.ts', 'export const fresh = 1;\n');
    dir.write('src/sub/deeper/x.ts', 'export const x = 1;\n');
    await ws.beginCall(dir.root);

    expect(ws.files.text(old)).toBeUndefined();
    expect(ws.files.text(fresh)).toBe('export const fresh = 1;\n');
    expect(sorted(ws.listing(dir.root).files())).toEqual([dir.path('src/sub/deeper/x.ts'), fresh, dir.path('src/top.ts')]);
    // The new directory is watched in turn.
    fs.writeFileSync(fresh, 'export const fresh = 2;\n');
    await ws.beginCall(dir.root);
    expect(ws.files.text(fresh)).toBe('export const fresh = 2;\n');
    ws.dispose();
  });

  it('sees a directory renamed: its files are gone from the old path and present, and watched, at the new one', async () => {
    using dir = new TempDir();
    const before = dir.write('src/sub/b.ts', 'export const b = 1;\n');
    const ws = workspace();
    await ws.beginCall(dir.root);
    expect(ws.files.text(before)).toBe('export const b = 1;\n');
    expect(sorted(ws.listing(dir.root).files())).toEqual([before]);

    fs.renameSync(dir.path('src/sub'), dir.path('src/moved'));
    await ws.beginCall(dir.root);
    const after = dir.path('src/moved/b.ts');
    expect(ws.files.text(before)).toBeUndefined();
    expect(ws.files.text(after)).toBe('export const b = 1;\n');
    expect(sorted(ws.listing(dir.root).files())).toEqual([after]);

    // What was the watch of src/sub follows the moved directory: an edit there is still seen.
    fs.writeFileSync(after, 'export const b = 2;\n');
    await ws.beginCall(dir.root);
    expect(ws.files.text(after)).toBe('export const b = 2;\n');
    // And a new src/sub is a new directory.
    const again = dir.write('src/sub/b.ts', 'export const b = 3;\n');
    await ws.beginCall(dir.root);
    expect(ws.files.text(again)).toBe('export const b = 3;\n');
    ws.dispose();
  });

  it('stays fresh when every burst of events is taken for lost events (forced overflow: a stat scan each time)', async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export const a = 1;\n');
    const log: string[] = [];
    const ws = workspace({ burstLimit: 1, log: (m) => log.push(m) });
    await ws.beginCall(dir.root);
    expect(ws.files.text(file)).toBe('export const a = 1;\n');
    const tree = ws.listing(dir.root);
    for (let round = 2; round <= 20; round++) {
      fs.writeFileSync(file, `export const a = ${round};\n`);
      const created = dir.write(`src/new-${round}.ts`, 'export {};\n');
      fs.rmSync(dir.path(`src/new-${round - 1}.ts`), { force: true });
      await ws.beginCall(dir.root);
      expect(ws.files.text(file)).toBe(`export const a = ${round};\n`);
      expect(sorted(tree === ws.listing(dir.root) ? tree.files() : [])).toEqual([file, created]);
    }
    expect(log.filter((m) => m.includes('events may have been lost')).length).toBeGreaterThanOrEqual(19);
    ws.dispose();
  });

  it('watches nothing outside the root, in skipped directories or through a link, and checks those by stat', async () => {
    using dir = new TempDir();
    using outside = new TempDir();
    const target = outside.write('shared.ts', 'export const shared = 1;\n');
    const linkedFile = dir.symlink(target, 'src/linked.ts');
    dir.symlink(outside.root, 'src/linked-dir');
    const dependency = dir.write('node_modules/dep/index.d.ts', 'export declare const dep: 1;\n');
    const own = dir.write('src/own.ts', 'export {};\n');
    const ws = workspace();
    await ws.beginCall(dir.root);

    expect(ws.watch.track(outside.root)).toBe(false);
    expect(ws.watch.track(dir.path('node_modules/dep'))).toBe(false);
    expect(ws.watch.track(dir.path('src/linked-dir'))).toBe(false);
    expect(ws.watch.track(dir.path('src'))).toBe(true);
    for (const file of [target, linkedFile, dependency, own]) ws.files.text(file);
    expect([target, linkedFile, dependency, own].map((file) => ws.files.isWatched(file))).toEqual([false, false, false, true]);

    fs.writeFileSync(target, 'export const shared = 2;\n');
    fs.writeFileSync(dependency, 'export declare const dep: 2;\n');
    await ws.beginCall(dir.root);
    expect(ws.files.text(linkedFile)).toBe('export const shared = 2;\n');
    expect(ws.files.text(dependency)).toBe('export declare const dep: 2;\n');
    ws.dispose();
  });

  it('keeps a listing of include directories fresh from events: files and directories created, deleted and renamed', async () => {
    using dir = new TempDir();
    const a = dir.write('src/a.ts', '');
    const ws = workspace();
    await ws.beginCall(dir.root);
    const tree = new DirTree([{ path: dir.path('src'), recursive: true }], 100, ws.watch);
    let revision = tree.rescan(ws.files.currentGeneration);
    expect([...tree.files()]).toEqual([a]);
    expect(tree.isWatched).toBe(true);

    await ws.beginCall(dir.root);
    expect(tree.rescan(ws.files.currentGeneration)).toBe(revision);

    fs.writeFileSync(a, 'changed content, same listing');
    await ws.beginCall(dir.root);
    expect(tree.rescan(ws.files.currentGeneration)).toBe(revision);

    const b = dir.write('src/deep/er/b.ts', '');
    await ws.beginCall(dir.root);
    revision = tree.rescan(ws.files.currentGeneration);
    expect(sorted(tree.files())).toEqual([a, b]);

    fs.renameSync(dir.path('src/deep'), dir.path('src/moved'));
    await ws.beginCall(dir.root);
    expect(tree.rescan(ws.files.currentGeneration)).not.toBe(revision);
    expect(sorted(tree.files())).toEqual([a, dir.path('src/moved/er/b.ts')]);

    fs.rmSync(dir.path('src/moved'), { recursive: true });
    fs.rmSync(a);
    await ws.beginCall(dir.root);
    tree.rescan(ws.files.currentGeneration);
    expect([...tree.files()]).toEqual([]);
    ws.dispose();
  });

  it('tells an inventory what changed from events, a same-size edit with the old mtime included', async () => {
    using dir = new TempDir();
    const a = dir.write('src/a.ts', 'const a = 1;\n');
    const b = dir.write('src/b.ts', 'const b = 1;\n');
    const ws = workspace();
    await ws.beginCall(dir.root);
    const inventory = new WorkspaceInventory(dir.root, 100, ws.watch);
    expect(inventory.scanChanges()).toEqual([]);

    await ws.beginCall(dir.root);
    expect(inventory.scanChanges()).toEqual([]);

    const { atime, mtime } = fs.statSync(a);
    fs.writeFileSync(a, 'const a = 2;\n');
    fs.utimesSync(a, atime, mtime);
    fs.rmSync(b);
    const c = dir.write('src/deep/c.ts', 'export {};\n');
    await ws.beginCall(dir.root);
    expect(inventory.scanChanges().sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: a, kind: 'changed' },
      { path: b, kind: 'deleted' },
      { path: c, kind: 'created' },
    ]);

    fs.renameSync(dir.path('src/deep'), dir.path('src/other'));
    await ws.beginCall(dir.root);
    expect(inventory.scanChanges().sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: c, kind: 'deleted' },
      { path: dir.path('src/other/c.ts'), kind: 'created' },
    ]);
    ws.dispose();
  });

  it('closes every watch when disposed', async () => {
    using dir = new TempDir();
    for (let i = 0; i < 10; i++) dir.write(`src/d${i}/f.ts`, 'export {};\n');
    const before = inotifyWatches();
    const ws = workspace();
    await ws.beginCall(dir.root);
    ws.listing(dir.root);
    expect(ws.watch.watchedDirectories).toBe(12);
    expect(inotifyWatches()).toBe(before + 12);
    ws.dispose();
    expect(ws.watch.watchedDirectories).toBe(0);
    expect(inotifyWatches()).toBe(before);
  });

  it('watches nothing when turned off, and still sees every change by stat', async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export const a = 1;\n');
    const ws = workspace({ enabled: false });
    await ws.beginCall(dir.root);
    ws.files.text(file);
    expect(ws.files.isWatched(file)).toBe(false);
    expect(ws.watch.watchedDirectories).toBe(0);
    fs.writeFileSync(file, 'export const a = 2;\n');
    await ws.beginCall(dir.root);
    expect(ws.files.text(file)).toBe('export const a = 2;\n');
    ws.dispose();
  });
});

describe('path of the watcher in a tree', () => {
  it('covers a missing file of a watched directory, so its creation is seen', async () => {
    using dir = new TempDir();
    dir.mkdir('src');
    const missing = path.join(dir.path('src'), 'later.ts');
    const ws = workspace();
    await ws.beginCall(dir.root);
    expect(ws.files.fileExists(missing)).toBe(false);
    expect(ws.files.isWatched(missing)).toBe(process.platform === 'linux');
    dir.write('src/later.ts', 'export {};\n');
    await ws.beginCall(dir.root);
    expect(ws.files.fileExists(missing)).toBe(true);
    ws.dispose();
  });
});
