import { describe, expect, it } from 'vitest';
import { TsWorkspace } from '../src/ts-workspace.js';
import { TempDir } from './temp-dir.js';

describe('the workspace packages of a listing', () => {
  it('are read once while nothing changes, and again when a manifest is edited or a package added', async () => {
    using dir = new TempDir();
    dir.write('packages/a/package.json', JSON.stringify({ name: '@w/a' }));
    dir.write('packages/a/src/index.ts', 'export const a = 1;\n');
    const ts = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
    const names = (): (string | undefined)[] => ts.outputs.packages(ts.view(dir.root)).map((p) => p.name);
    await ts.workspace.beginCall(dir.root);
    const first = ts.outputs.packages(ts.view(dir.root));
    expect(names()).toEqual(['@w/a']);
    await ts.workspace.beginCall(dir.root);
    expect(ts.outputs.packages(ts.view(dir.root))).toBe(first);

    dir.write('packages/a/package.json', JSON.stringify({ name: '@w/renamed' }));
    await ts.workspace.beginCall(dir.root);
    expect(names()).toEqual(['@w/renamed']);

    dir.write('packages/b/package.json', JSON.stringify({ name: '@w/b', dependencies: { '@w/renamed': '*' } }));
    await ts.workspace.beginCall(dir.root);
    expect(names()).toEqual(['@w/renamed', '@w/b']);
    ts.dispose();
  });
});
