import { stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { live, refusal, text, workspaceOfEachTest } from './test-workspace.js';
import { AtomicFileWriter } from '../src/atomic-file-writer.js';

// Where a write may go: inside the workspace only (symlinks resolved, whole segments, not in
// node_modules), and one file reached by two names written once or refused.

const ws = workspaceOfEachTest();

describe('AtomicFileWriter: paths outside the workspace and two names of one file', () => {
  it('refuses a symlink that leaves the workspace, and writes nothing', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const target = await ws.put('outside.ts', 'foo;\n');
    const link = join(ws.root, 'link.ts');
    await symlink(target, link);
    const error = await refusal(
      new AtomicFileWriter().writeAll(
        ws.root,
        [
          { path: a, expectedText: 'foo;\n', newText: 'bar;\n' },
          { path: link, expectedText: 'foo;\n', newText: 'bar;\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
    expect(await text(target)).toBe('foo;\n');
    expect(await text(a)).toBe('foo;\n');
  });

  it('refuses a sibling directory whose name starts with the root name (/x/app-evil is not in /x/app)', async () => {
    const evil = await ws.put('app-evil/x.ts', 'foo;\n');
    const error = await refusal(
      new AtomicFileWriter().writeAll(ws.root, [{ path: evil, expectedText: 'foo;\n', newText: 'bar;\n' }], live()),
    );
    expect(error.code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
    expect(await text(evil)).toBe('foo;\n');
  });

  it('refuses a file in node_modules inside the workspace', async () => {
    const dep = await ws.put('app/node_modules/dep/index.ts', 'foo;\n');
    const error = await refusal(
      new AtomicFileWriter().writeAll(ws.root, [{ path: dep, expectedText: 'foo;\n', newText: 'bar;\n' }], live()),
    );
    expect(error.code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
    expect(error.message).toContain('node_modules');
    expect(await text(dep)).toBe('foo;\n');
  });

  it('writes through a symlink that stays inside the workspace, keeping the link', async () => {
    const real = await ws.put('app/src/real.ts', 'foo;\n');
    const link = join(ws.root, 'alias.ts');
    await symlink(real, link);
    await new AtomicFileWriter().writeAll(ws.root, [{ path: link, expectedText: 'foo;\n', newText: 'bar;\n' }], live());
    expect(await text(real)).toBe('bar;\n');
    expect(await text(link)).toBe('bar;\n');
  });

  it('writes once a file that two changes reach by two names (a link and its target) with the same edit', async () => {
    const real = await ws.put('app/a.py', 'def f():\n    return 1\n');
    const link = join(ws.root, 'b.py');
    await symlink('a.py', link);
    const edit = { expectedText: 'def f():\n    return 1\n', newText: 'def h():\n    return 1\n' };
    await new AtomicFileWriter().writeAll(
      ws.root,
      [
        { path: real, ...edit },
        { path: link, ...edit },
      ],
      live(),
    );
    expect(await text(real)).toBe('def h():\n    return 1\n');
    expect((await stat(link)).isFile()).toBe(true);
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('refuses with WRITE_FAILED, naming both, one file that two names reach with different edits, and writes nothing', async () => {
    const real = await ws.put('app/a.py', 'def f():\n    return 1\n');
    const other = await ws.put('app/c.py', 'f\n');
    const link = join(ws.root, 'b.py');
    await symlink('a.py', link);
    const before = 'def f():\n    return 1\n';
    const error = await refusal(
      new AtomicFileWriter().writeAll(
        ws.root,
        [
          { path: other, expectedText: 'f\n', newText: 'h\n' },
          { path: real, expectedText: before, newText: 'def h():\n    return 1\n' },
          { path: link, expectedText: before, newText: 'def g():\n    return 1\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.WRITE_FAILED);
    expect(error.message).toContain('"a.py" and "b.py" are one file');
    expect(error.message).toContain('Nothing was changed');
    expect(await text(real)).toBe(before);
    expect(await text(other)).toBe('f\n');
  });
});
