import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Workspace } from '../src/workspace.js';
import { TempDir } from './temp-dir.js';

function workspace(options: { burstLimit?: number } = {}): Workspace {
  return new Workspace({ maxFileBytes: 1024 * 1024, watch: options });
}

const scopeOf = (root: string): { workspaceRoot: string; signal: AbortSignal } => ({
  workspaceRoot: root,
  signal: new AbortController().signal,
});

// Lookups walk up from a project to `/`: what they probe is watched wherever it is (Linux's inotify).
describe.runIf(process.platform === 'linux')('directories a lookup probes', () => {
  it('are watched above the root and in node_modules, with every directory up to /, and report their changes', async () => {
    using dir = new TempDir();
    const root = dir.mkdir('ws');
    const above = dir.mkdir('node_modules/dep');
    const inside = dir.mkdir('ws/node_modules/lib');
    const ws = workspace();
    await ws.beginCall(root);
    // The usual tracking stops at the root and at node_modules...
    expect(ws.watch.track(above)).toBe(false);
    expect(ws.watch.track(inside)).toBe(false);
    // ...a lookup's probes do not.
    expect(ws.watch.trackProbed(above)).toBe(true);
    expect(ws.watch.trackProbed(inside)).toBe(true);
    for (let at = above; path.dirname(at) !== at; at = path.dirname(at)) expect(ws.watch.trackProbed(path.dirname(at))).toBe(true);

    fs.writeFileSync(path.join(above, 'index.d.ts'), 'export {};\n');
    fs.writeFileSync(path.join(inside, 'package.json'), '{}\n');
    const cursor = ws.watch.journal.head;
    await ws.beginCall(root);
    const reported = ws.watch.journal.since(cursor)?.map((item) => item.path);
    expect(reported).toEqual(expect.arrayContaining([path.join(above, 'index.d.ts'), path.join(inside, 'package.json')]));
    ws.dispose();
  });

  it('cover a manifest behind a link (pnpm) on both sides: the link re-pointed and the file rewritten are reported', async () => {
    using dir = new TempDir();
    const root = dir.mkdir('ws');
    dir.write('store/typescript@1/package.json', '{ "version": "1.0.0" }\n');
    dir.write('store/typescript@2/package.json', '{ "version": "2.0.0" }\n');
    dir.symlink(dir.path('store/typescript@1'), 'node_modules/typescript');
    const manifest = dir.path('node_modules/typescript/package.json');
    const ws = workspace();
    await ws.beginCall(root);
    const covered = ws.watch.coversProbed(manifest);
    expect(covered).toEqual([manifest, dir.path('store/typescript@1/package.json')]);

    fs.writeFileSync(dir.path('store/typescript@1/package.json'), '{ "version": "1.0.1" }\n');
    let cursor = ws.watch.journal.head;
    await ws.beginCall(root);
    expect(ws.watch.journal.since(cursor)?.map((item) => item.path)).toContain(dir.path('store/typescript@1/package.json'));

    fs.rmSync(dir.path('node_modules/typescript'));
    fs.symlinkSync(dir.path('store/typescript@2'), dir.path('node_modules/typescript'));
    cursor = ws.watch.journal.head;
    await ws.beginCall(root);
    expect(ws.watch.journal.since(cursor)).toContainEqual({ path: dir.path('node_modules/typescript'), entry: true });
    ws.dispose();
  });

  it('behind a link to a workspace package are watched where the link leads, missing ones too, and report changes there', async () => {
    using dir = new TempDir();
    const root = dir.mkdir('ws');
    dir.write('ws/packages/lib/src/index.ts', 'export {};\n');
    dir.symlink(dir.path('ws/packages/lib'), 'ws/node_modules/@ws/lib');
    const ws = workspace();
    await ws.beginCall(root);
    const linked = dir.path('ws/node_modules/@ws/lib/src');
    const missing = dir.path('ws/node_modules/@ws/lib/dist');
    // A lookup's tracking stops at the link...
    expect(ws.watch.trackProbed(linked)).toBe(false);
    // ...and goes on where it leads, for a directory there and for one still to be created.
    expect(ws.watch.probedThroughLink(linked)).toBe(dir.path('ws/packages/lib/src'));
    expect(ws.watch.probedThroughLink(missing)).toBe(dir.path('ws/packages/lib/dist'));
    // Not behind a link, or behind a second one below the first: not for this method.
    expect(ws.watch.probedThroughLink(dir.path('ws/packages/lib/src'))).toBeUndefined();
    dir.symlink(dir.path('elsewhere'), 'ws/packages/lib/other');
    dir.mkdir('elsewhere/inner');
    await ws.beginCall(root);
    expect(ws.watch.probedThroughLink(dir.path('ws/node_modules/@ws/lib/other/inner'))).toBeUndefined();

    dir.write('ws/packages/lib/src/extra.ts', 'export {};\n');
    dir.write('ws/packages/lib/dist/index.d.ts', 'export {};\n');
    const cursor = ws.watch.journal.head;
    await ws.beginCall(root);
    const reported = ws.watch.journal.since(cursor) ?? [];
    expect(reported.map((item) => item.path)).toContain(dir.path('ws/packages/lib/src/extra.ts'));
    expect(reported).toContainEqual({ path: dir.path('ws/packages/lib/dist'), entry: true });
    ws.dispose();
  });

  it('are looked at again after lost events, like everything the roots hold', async () => {
    using dir = new TempDir();
    const root = dir.mkdir('ws');
    const above = dir.mkdir('node_modules');
    const ws = workspace({ burstLimit: 1 });
    await ws.beginCall(root);
    expect(ws.watch.trackProbed(above)).toBe(true);
    fs.writeFileSync(path.join(above, 'a'), '');
    fs.writeFileSync(path.join(above, 'b'), '');
    const cursor = ws.watch.journal.head;
    await ws.beginCall(root);
    // Every burst is taken for lost events: the whole file system is reported, from its root.
    expect(ws.watch.journal.since(cursor)).toContainEqual({ path: '/', entry: true });
    expect(ws.watch.trackProbed(above)).toBe(true);
    ws.dispose();
  });
});

describe('a port call', () => {
  it('drains the events once whatever the number of layers that join it, and a new call drains again', async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export const a = 1;\n');
    const ws = workspace();
    const scope = scopeOf(dir.root);
    const outer = await ws.begin(scope);
    const generation = ws.files.currentGeneration;
    expect(ws.files.text(file)).toBe('export const a = 1;\n');
    // A backend handed the router's scope joins its call.
    expect(await ws.begin(outer)).toBe(outer);
    expect(await ws.begin({ ...outer, onProgress: () => undefined })).toHaveProperty('workspaceRoot', dir.root);
    expect(ws.files.currentGeneration).toBe(generation);

    fs.writeFileSync(file, 'export const a = 22;\n');
    await ws.begin(scope);
    expect(ws.files.currentGeneration).toBe(generation + 1);
    expect(ws.files.text(file)).toBe('export const a = 22;\n');
    ws.dispose();
  });

  it('trusts a missing file whose nearest existing directory is watched, and sees it appear with its directories', async () => {
    using dir = new TempDir();
    dir.mkdir('src');
    const missing = dir.path('node_modules/typescript/package.json');
    const ws = workspace();
    await ws.beginCall(dir.root);
    expect(ws.files.fileExists(missing)).toBe(false);
    expect(ws.files.isWatched(missing)).toBe(process.platform === 'linux');
    dir.write('node_modules/typescript/package.json', '{ "version": "5.9.3" }\n');
    await ws.beginCall(dir.root);
    expect(ws.files.fileExists(missing)).toBe(true);
    ws.dispose();
  });

  it('keeps the workspace source files while the listing does not change, and lists them again when a file comes', async () => {
    using dir = new TempDir();
    dir.write('a.py', '');
    dir.write('node_modules/x/b.py', '');
    const ws = workspace();
    await ws.beginCall(dir.root);
    const accepts = (file: string): boolean => file.endsWith('.py');
    const first = ws.sourceFiles(dir.root, 'py', accepts);
    expect(first).toEqual([dir.path('a.py')]);
    await ws.beginCall(dir.root);
    expect(ws.sourceFiles(dir.root, 'py', accepts)).toBe(first);
    dir.write('c.py', '');
    await ws.beginCall(dir.root);
    expect([...(ws.sourceFiles(dir.root, 'py', accepts) ?? [])].sort()).toEqual([dir.path('a.py'), dir.path('c.py')]);
    ws.dispose();
  });
});
