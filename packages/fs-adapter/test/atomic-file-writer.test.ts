import { chmod, mkdir, readFile, stat, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ErrorCode, type FileChange } from '@mcp-lsp-bridge/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestWorkspace, refusal, type TestWorkspace } from './test-workspace.js';
import { AtomicFileWriter } from '../src/atomic-file-writer.js';
import { nodeFsOperations } from '../src/fs-operations.js';
import { TEMP_SUFFIX } from '../src/temp-files.js';

const BOM = '\uFEFF';
let ws: TestWorkspace;
const live = (): AbortSignal => new AbortController().signal;

beforeEach(async () => {
  ws = await createTestWorkspace();
});
afterEach(async () => {
  await ws.remove();
});

const text = (path: string): Promise<string> => readFile(path, 'utf8');

/** Whether `path` is a temp file the writer staged for `target` (its name is unique per write). */
const isTempOf = (path: string, target: string): boolean =>
  path.startsWith(join(dirname(target), `.${basename(target)}.`)) && path.endsWith(TEMP_SUFFIX);
/** Whether a rename moves a staged temp file (the journal, outside the workspace, renames its own file too). */
const isTempRename = (from: string): boolean => from.endsWith(TEMP_SUFFIX);

describe('AtomicFileWriter', () => {
  it('writes the new text of every file and leaves no temp file', async () => {
    const a = await ws.put('app/a.ts', 'export const foo = 1;\n');
    const b = await ws.put('app/src/b.ts', "import { foo } from '../a';\nfoo;\n");
    await new AtomicFileWriter().writeAll(
      ws.root,
      [
        { path: a, expectedText: 'export const foo = 1;\n', newText: 'export const bar = 1;\n' },
        { path: b, expectedText: "import { foo } from '../a';\nfoo;\n", newText: "import { bar } from '../a';\nbar;\n" },
      ],
      live(),
    );
    expect(await text(a)).toBe('export const bar = 1;\n');
    expect(await text(b)).toBe("import { bar } from '../a';\nbar;\n");
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('keeps the byte-order mark of a file that has one', async () => {
    const a = await ws.put('app/a.ts', `${BOM}const foo = 1;\n`);
    await new AtomicFileWriter().writeAll(ws.root, [{ path: a, expectedText: 'const foo = 1;\n', newText: 'const bar = 1;\n' }], live());
    const bytes = await readFile(a);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('const bar = 1;\n');
  });

  it('adds no byte-order mark to a file without one', async () => {
    const a = await ws.put('app/a.ts', 'const foo = 1;\n');
    await new AtomicFileWriter().writeAll(ws.root, [{ path: a, expectedText: 'const foo = 1;\n', newText: 'const bar = 1;\n' }], live());
    expect((await readFile(a))[0]).toBe('c'.charCodeAt(0));
  });

  it('writes the line endings of the new text unchanged (CRLF stays CRLF)', async () => {
    const a = await ws.put('app/a.ts', 'const foo = 1;\r\nfoo;\r\n');
    await new AtomicFileWriter().writeAll(
      ws.root,
      [{ path: a, expectedText: 'const foo = 1;\r\nfoo;\r\n', newText: 'const bar = 1;\r\nbar;\r\n' }],
      live(),
    );
    expect(await text(a)).toBe('const bar = 1;\r\nbar;\r\n');
  });

  it('writes non-ASCII text as UTF-8', async () => {
    const a = await ws.put('app/a.ts', 'const café = "😀";\n');
    await new AtomicFileWriter().writeAll(
      ws.root,
      [{ path: a, expectedText: 'const café = "😀";\n', newText: 'const 名前 = "😀";\n' }],
      live(),
    );
    expect(await text(a)).toBe('const 名前 = "😀";\n');
  });

  it('refuses with FILE_CHANGED naming the file when it no longer holds the expected text, and writes nothing', async () => {
    const a = await ws.put('app/a.ts', 'const foo = 1;\n');
    const b = await ws.put('app/b.ts', 'foo; // edited by someone else\n');
    const error = await refusal(
      new AtomicFileWriter().writeAll(
        ws.root,
        [
          { path: a, expectedText: 'const foo = 1;\n', newText: 'const bar = 1;\n' },
          { path: b, expectedText: 'foo;\n', newText: 'bar;\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain('b.ts');
    expect(await text(a)).toBe('const foo = 1;\n');
    expect(await text(b)).toBe('foo; // edited by someone else\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('refuses with FILE_CHANGED when a file is modified while the temp files are written', async () => {
    const a = await ws.put('app/a.ts', 'const foo = 1;\n');
    const b = await ws.put('app/b.ts', 'foo;\n');
    const writer = new AtomicFileWriter({
      async writeFile(path, data, options) {
        await nodeFsOperations.writeFile(path, data, options);
        // Someone saves a.ts in an editor after its new text was staged.
        if (isTempOf(path, b))
          await nodeFsOperations.writeFile(a, new TextEncoder().encode('const foo = 2;\n'), { flag: 'w', mode: 0o644 });
      },
    });
    const error = await refusal(
      writer.writeAll(
        ws.root,
        [
          { path: a, expectedText: 'const foo = 1;\n', newText: 'const bar = 1;\n' },
          { path: b, expectedText: 'foo;\n', newText: 'bar;\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain('a.ts');
    expect(await text(a)).toBe('const foo = 2;\n');
    expect(await text(b)).toBe('foo;\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('refuses with FILE_CHANGED when a file was deleted', async () => {
    const error = await refusal(
      new AtomicFileWriter().writeAll(ws.root, [{ path: join(ws.root, 'gone.ts'), expectedText: 'x', newText: 'y' }], live()),
    );
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain('gone.ts');
  });

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

  it('refuses with FILE_UNREADABLE a file that is not valid UTF-8', async () => {
    const a = await ws.put('app/a.ts', Uint8Array.of(0x66, 0xff, 0x0a));
    const error = await refusal(new AtomicFileWriter().writeAll(ws.root, [{ path: a, expectedText: 'f\uFFFD\n', newText: 'g\n' }], live()));
    expect(error.code).toBe(ErrorCode.FILE_UNREADABLE);
    expect([...(await readFile(a))]).toEqual([0x66, 0xff, 0x0a]);
  });

  it('fails with WRITE_FAILED and changes nothing when a temp file cannot be written', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const b = await ws.put('app/b.ts', 'foo;\n');
    let planted = '';
    const writer = new AtomicFileWriter({
      async writeFile(path, data, options) {
        // A directory where the temp file of b.ts goes, made just before the writer creates it.
        if (isTempOf(path, b)) await mkdir((planted = path));
        await nodeFsOperations.writeFile(path, data, options);
      },
    });
    const error = await refusal(
      writer.writeAll(
        ws.root,
        [
          { path: a, expectedText: 'foo;\n', newText: 'bar;\n' },
          { path: b, expectedText: 'foo;\n', newText: 'bar;\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.WRITE_FAILED);
    expect(error.message).toContain('b.ts');
    expect(error.message).toMatch(/E[A-Z]+/); // the OS error
    expect(await text(a)).toBe('foo;\n');
    expect(await text(b)).toBe('foo;\n');
    expect(await ws.leftoverTemps()).toEqual([]);
    expect((await stat(planted)).isDirectory()).toBe(true); // not ours: left alone
  });

  it('restores the files already replaced when a later rename fails, then fails with WRITE_FAILED', async () => {
    const a = await ws.put('app/a.ts', 'export const foo = 1;\n');
    const b = await ws.put('app/b.ts', 'foo;\n');
    const c = await ws.put('app/c.ts', 'foo();\n');
    let renames = 0;
    const writer = new AtomicFileWriter({
      async rename(from, to) {
        if (isTempRename(from)) renames++;
        if (renames === 2) throw Object.assign(new Error(`EIO: i/o error, rename '${from}' -> '${to}'`), { code: 'EIO' });
        await nodeFsOperations.rename(from, to);
      },
    });
    const error = await refusal(
      writer.writeAll(
        ws.root,
        [
          { path: a, expectedText: 'export const foo = 1;\n', newText: 'export const bar = 1;\n' },
          { path: b, expectedText: 'foo;\n', newText: 'bar;\n' },
          { path: c, expectedText: 'foo();\n', newText: 'bar();\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.WRITE_FAILED);
    expect(error.message).toContain('b.ts');
    expect(error.message).toContain('EIO');
    expect(error.message).toContain('everything was restored');
    expect(await text(a)).toBe('export const foo = 1;\n');
    expect(await text(b)).toBe('foo;\n');
    expect(await text(c)).toBe('foo();\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('fails with WRITE_FAILED and changes nothing when the first rename fails', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const b = await ws.put('app/b.ts', 'foo;\n');
    const writer = new AtomicFileWriter({
      rename: (from, to) =>
        isTempRename(from)
          ? Promise.reject(Object.assign(new Error('EXDEV: cross-device link'), { code: 'EXDEV' }))
          : nodeFsOperations.rename(from, to),
    });
    const error = await refusal(
      writer.writeAll(
        ws.root,
        [
          { path: a, expectedText: 'foo;\n', newText: 'bar;\n' },
          { path: b, expectedText: 'foo;\n', newText: 'bar;\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.WRITE_FAILED);
    expect(error.message).toContain('no file was changed');
    expect(await text(a)).toBe('foo;\n');
    expect(await text(b)).toBe('foo;\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('names the files it could not restore when restoring fails too', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const b = await ws.put('app/b.ts', 'foo;\n');
    let renames = 0;
    const writer = new AtomicFileWriter({
      async rename(from, to) {
        if (isTempRename(from)) renames++;
        if (renames >= 2) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
        await nodeFsOperations.rename(from, to);
      },
    });
    const error = await refusal(
      writer.writeAll(
        ws.root,
        [
          { path: a, expectedText: 'foo;\n', newText: 'bar;\n' },
          { path: b, expectedText: 'foo;\n', newText: 'bar;\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.WRITE_FAILED);
    expect(error.message).toContain('Restoring failed for a.ts');
    expect(error.message).not.toContain('everything was restored');
    expect(await text(a)).toBe('bar;\n');
    expect(await text(b)).toBe('foo;\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it.each([
    ['0640', 0o640],
    ['0666', 0o666],
    ['0755', 0o755],
  ])('keeps the file mode %s', async (_octal, mode) => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    await chmod(a, mode);
    await new AtomicFileWriter().writeAll(ws.root, [{ path: a, expectedText: 'foo;\n', newText: 'bar;\n' }], live());
    expect((await stat(a)).mode & 0o7777).toBe(mode);
    expect(await text(a)).toBe('bar;\n');
  });

  it('writes nothing when the signal is already aborted', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await expect(
      new AtomicFileWriter().writeAll(ws.root, [{ path: a, expectedText: 'foo;\n', newText: 'bar;\n' }], controller.signal),
    ).rejects.toThrow('caller gave up');
    expect(await text(a)).toBe('foo;\n');
  });

  it('stops before replacing anything when aborted while temp files are written, and removes them', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const b = await ws.put('app/b.ts', 'foo;\n');
    const controller = new AbortController();
    const writer = new AtomicFileWriter({
      async writeFile(path, data, options) {
        await nodeFsOperations.writeFile(path, data, options);
        if (path.endsWith(TEMP_SUFFIX)) controller.abort(new Error('caller gave up'));
      },
    });
    const changes: FileChange[] = [
      { path: a, expectedText: 'foo;\n', newText: 'bar;\n' },
      { path: b, expectedText: 'foo;\n', newText: 'bar;\n' },
    ];
    await expect(writer.writeAll(ws.root, changes, controller.signal)).rejects.toThrow('caller gave up');
    expect(await text(a)).toBe('foo;\n');
    expect(await text(b)).toBe('foo;\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('writes beside a temp file of another write (or an older version) without touching it', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    // Temps of interrupted writes are found through their journals (see write-recovery.test.ts), never by name.
    const other = await ws.put('app/.a.ts.lsp-bridge.tmp', 'stale');
    await new AtomicFileWriter().writeAll(ws.root, [{ path: a, expectedText: 'foo;\n', newText: 'bar;\n' }], live());
    expect(await text(a)).toBe('bar;\n');
    expect(await ws.leftoverTemps()).toEqual([other]);
    expect(await text(other)).toBe('stale');
  });

  it('does nothing for an empty list of changes', async () => {
    await expect(new AtomicFileWriter().writeAll(ws.root, [], live())).resolves.toBeUndefined();
  });
});
