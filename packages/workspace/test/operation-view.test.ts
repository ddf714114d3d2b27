import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { oneViewPerOperation, Workspace } from '../src/workspace.js';
import { TempDir } from './temp-dir.js';

const OPTIONS = { maxFileBytes: 1024 * 1024 };

// Each port call begins with `Workspace.begin`; what the scope's signal says decides whether the
// events are drained again. On Linux with the watcher (the default) and with stat alone.
describe.each([
  ['the watcher', { enabled: true }],
  ['stat alone', { enabled: false }],
])('one view of the disk per operation, with %s', (_name, watch) => {
  it("gives an operation's port calls the view its first one took, and the next operation the disk", async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export const a = 0;\n');
    const ws = new Workspace({ ...OPTIONS, watch });
    const operation = new AbortController().signal;
    oneViewPerOperation(operation);
    const scope = { workspaceRoot: dir.root, signal: operation };
    await ws.begin(scope);
    expect(ws.files.text(file)).toBe('export const a = 0;\n');
    // Another length, so a stat check would see it as well as an event.
    fs.writeFileSync(file, 'export const a = 12;\n');
    await ws.begin(scope);
    expect(ws.files.text(file)).toBe('export const a = 0;\n');
    const next = new AbortController().signal;
    oneViewPerOperation(next);
    await ws.begin({ workspaceRoot: dir.root, signal: next });
    expect(ws.files.text(file)).toBe('export const a = 12;\n');
    ws.dispose();
  });

  it('takes a new view on every port call whose signal is no operation of the bridge', async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export const a = 0;\n');
    const ws = new Workspace({ ...OPTIONS, watch });
    const scope = { workspaceRoot: dir.root, signal: new AbortController().signal };
    await ws.begin(scope);
    expect(ws.files.text(file)).toBe('export const a = 0;\n');
    fs.writeFileSync(file, 'export const a = 12;\n');
    await ws.begin(scope);
    expect(ws.files.text(file)).toBe('export const a = 12;\n');
    ws.dispose();
  });
});
