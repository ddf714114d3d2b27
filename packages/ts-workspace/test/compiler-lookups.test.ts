import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Workspace } from '@mcp-lsp-bridge/workspace';
import { CompilerLookups } from '../src/compiler/compiler-lookups.js';
import { TempDir } from './temp-dir.js';

function install(dir: TempDir, at: string, version: string): void {
  dir.write(`${at}/package.json`, JSON.stringify({ name: 'typescript', version }));
}

/** A workspace at `dir/ws`, so that lookups walk above its root, as they do for a package of a monorepo. */
async function watched(dir: TempDir): Promise<{ ws: Workspace; lookups: CompilerLookups; root: string; next: () => Promise<void> }> {
  const root = dir.mkdir('ws');
  const ws = new Workspace({ maxFileBytes: 1024 * 1024 });
  const next = (): Promise<void> => ws.beginCall(root);
  await next();
  return { ws, lookups: new CompilerLookups(ws.files), root, next };
}

describe.runIf(process.platform === 'linux')('typescript lookups, kept while the watcher reports no change of what they read', () => {
  it('answer a warm call with the same lookup, and see an install above the root, a version changed in place and a removal', async () => {
    using dir = new TempDir();
    const { ws, lookups, root, next } = await watched(dir);
    install(dir, 'node_modules/typescript', '5.4.5');
    const first = lookups.lookup(root);
    expect(first.found?.version).toBe('5.4.5');
    await next();
    expect(lookups.lookup(root)).toBe(first);

    install(dir, 'ws/node_modules/typescript', '6.0.3');
    await next();
    expect(lookups.lookup(root).found).toEqual({ packageDir: dir.path('ws/node_modules/typescript'), version: '6.0.3' });

    install(dir, 'ws/node_modules/typescript', '6.0.4');
    await next();
    expect(lookups.lookup(root).found?.version).toBe('6.0.4');

    fs.rmSync(dir.path('ws/node_modules'), { recursive: true });
    await next();
    expect(lookups.lookup(root).found).toEqual({ packageDir: dir.path('node_modules/typescript'), version: '5.4.5' });
    ws.dispose();
  });

  it('follow a pnpm link re-pointed to another version, and a declaration added to a manifest above the root', async () => {
    using dir = new TempDir();
    const { ws, lookups, root, next } = await watched(dir);
    install(dir, 'store/typescript@5/node_modules/typescript', '5.9.3');
    install(dir, 'store/typescript@6/node_modules/typescript', '6.0.3');
    dir.symlink(dir.path('store/typescript@5/node_modules/typescript'), 'node_modules/typescript');
    expect(lookups.lookup(root).found).toEqual({ packageDir: dir.path('store/typescript@5/node_modules/typescript'), version: '5.9.3' });
    expect(lookups.lookup(root).declared).toBeUndefined();

    fs.rmSync(dir.path('node_modules/typescript'));
    dir.symlink(dir.path('store/typescript@6/node_modules/typescript'), 'node_modules/typescript');
    dir.write('package.json', JSON.stringify({ devDependencies: { typescript: '^6.0.0' } }));
    await next();
    const lookup = lookups.lookup(root);
    expect(lookup.found).toEqual({ packageDir: dir.path('store/typescript@6/node_modules/typescript'), version: '6.0.3' });
    expect(lookup.declared).toEqual({ manifest: dir.path('package.json'), range: '^6.0.0' });
    ws.dispose();
  });
});
