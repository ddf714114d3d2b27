import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode, bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { workspaceOfEachTest } from './test-workspace.js';
import { NodeFileSystem } from '../src/node-file-system.js';

const ws = workspaceOfEachTest();
const signal = new AbortController().signal;
const files = new NodeFileSystem();

describe('NodeFileSystem.realPath', () => {
  it('resolves symlinks to the real path', async () => {
    const real = await ws.put('app/src/a.ts', 'x');
    await symlink(join(ws.root, 'src'), join(ws.root, 'linked'));
    expect(await files.realPath(join(ws.root, 'linked/a.ts'), signal)).toBe(real);
  });

  it('returns undefined for a missing path', async () => {
    expect(await files.realPath(join(ws.root, 'missing.ts'), signal)).toBeUndefined();
  });

  it('returns undefined for a path that goes through a file (ENOTDIR)', async () => {
    await ws.put('app/a.ts', 'x');
    expect(await files.realPath(join(ws.root, 'a.ts/b.ts'), signal)).toBeUndefined();
  });

  it('returns undefined for a symlink loop (ELOOP)', async () => {
    await symlink(join(ws.root, 'loop-b'), join(ws.root, 'loop-a'));
    await symlink(join(ws.root, 'loop-a'), join(ws.root, 'loop-b'));
    expect(await files.realPath(join(ws.root, 'loop-a'), signal)).toBeUndefined();
  });

  it('turns an unexpected OS error into FILE_UNREADABLE', async () => {
    const denied = new NodeFileSystem({
      realpath: () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })),
      stat: () => Promise.reject(new Error('unused')),
    });
    const thrown: unknown = await denied.realPath('/x', signal).catch((error: unknown) => error);
    expect(bridgeErrorOf(thrown)?.code).toBe(ErrorCode.FILE_UNREADABLE);
  });

  it('rejects when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(files.realPath(ws.root, controller.signal)).rejects.toThrow('stop');
  });
});

describe('NodeFileSystem.kindOf', () => {
  it('tells files from directories', async () => {
    const a = await ws.put('app/a.ts', 'x');
    await mkdir(join(ws.root, 'dir'));
    expect(await files.kindOf(a, signal)).toBe('file');
    expect(await files.kindOf(join(ws.root, 'dir'), signal)).toBe('directory');
  });

  it('follows symlinks', async () => {
    await mkdir(join(ws.root, 'dir'));
    await symlink(join(ws.root, 'dir'), join(ws.root, 'dir-link'));
    expect(await files.kindOf(join(ws.root, 'dir-link'), signal)).toBe('directory');
  });

  it('returns undefined for a missing path and a dangling symlink', async () => {
    await symlink(join(ws.root, 'nowhere'), join(ws.root, 'dangling'));
    expect(await files.kindOf(join(ws.root, 'missing'), signal)).toBeUndefined();
    expect(await files.kindOf(join(ws.root, 'dangling'), signal)).toBeUndefined();
  });

  it('calls a device "other"', async () => {
    expect(await files.kindOf('/dev/null', signal)).toBe('other');
  });
  it('refuses a path too long for the system as FILE_UNREADABLE quoting only its start (found by the fuzz test)', async () => {
    const path = join(ws.root, 'y'.repeat(200_000));
    const refusal = await files.kindOf(path, signal).then(
      () => undefined,
      (error: unknown) => bridgeErrorOf(error),
    );
    expect(refusal?.code).toBe(ErrorCode.FILE_UNREADABLE);
    expect(refusal?.message).toMatch(/ENAMETOOLONG/);
    expect(refusal?.message.length).toBeLessThan(400);
  });
});
