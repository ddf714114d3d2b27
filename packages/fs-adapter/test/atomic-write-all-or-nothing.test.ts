import { mkdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ErrorCode, type FileChange } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { live, refusal, text, workspaceOfEachTest } from './test-workspace.js';
import { AtomicFileWriter } from '../src/atomic-file-writer.js';
import { nodeFsOperations } from '../src/fs-operations.js';
import { TEMP_SUFFIX } from '../src/temp-files.js';

// A multi-file write is all or nothing: a file changed since it was read, a temp file or a
// rename that fails, a caller that gives up: nothing changed, or everything restored (or named).

const ws = workspaceOfEachTest();

/** Whether `path` is a temp file the writer staged for `target` (its name is unique per write). */
const isTempOf = (path: string, target: string): boolean =>
  path.startsWith(join(dirname(target), `.${basename(target)}.`)) && path.endsWith(TEMP_SUFFIX);
/** Whether a rename moves a staged temp file (the journal, outside the workspace, renames its own file too). */
const isTempRename = (from: string): boolean => from.endsWith(TEMP_SUFFIX);

describe('AtomicFileWriter: all or nothing', () => {
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
});
