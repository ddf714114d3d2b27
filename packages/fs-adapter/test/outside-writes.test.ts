import { ErrorCode } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { AtomicFileWriter } from '../src/atomic-file-writer.js';
import { keepsEdit } from '../src/edit-kept.js';
import { nodeFsOperations, type FsOperations } from '../src/fs-operations.js';
import { TEMP_SUFFIX } from '../src/temp-files.js';
import { live, refusal, text, workspaceOfEachTest } from './test-workspace.js';

const ws = workspaceOfEachTest();
const bytes = (content: string): Uint8Array => new TextEncoder().encode(content);

/** Operations where another program (an editor that does not take our lock) writes `file` once, right after the rename of `after`. */
function editorSaving(after: string, file: string, content: string): Partial<FsOperations> {
  let saved = false;
  return {
    async rename(from, to) {
      await nodeFsOperations.rename(from, to);
      if (!saved && from.endsWith(TEMP_SUFFIX) && to === after) {
        saved = true;
        await nodeFsOperations.writeFile(file, bytes(content), { flag: 'w', mode: 0o644 });
      }
    },
  };
}

/** a.ts and b.ts, and a write of both by a writer over `operations`. */
async function writeBoth(
  operations: (a: string, b: string) => Partial<FsOperations>,
): Promise<{ a: string; b: string; written: Promise<void> }> {
  const a = await ws.put('app/a.ts', 'foo;\n');
  const b = await ws.put('app/b.ts', 'foo();\n');
  const writer = new AtomicFileWriter(operations(a, b), { stateDirectories: [ws.state] });
  const changes = [
    { path: a, expectedText: 'foo;\n', newText: 'bar;\n' },
    { path: b, expectedText: 'foo();\n', newText: 'bar();\n' },
  ];
  return { a, b, written: writer.writeAll(ws.root, changes, live()) };
}

describe('AtomicFileWriter against a program that does not take its lock', () => {
  it('checks each file right before replacing it: one saved after an earlier file was replaced undoes the write, and keeps the save', async () => {
    const { a, b, written } = await writeBoth((a, b) => editorSaving(a, b, '// saved\nfoo();\n'));
    const error = await refusal(written);
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain('b.ts');
    expect(error.message).toContain('restored');
    expect(await text(a)).toBe('foo;\n');
    expect(await text(b)).toBe('// saved\nfoo();\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('checks that the disk holds what it wrote: a file saved right after it was replaced undoes the rest, and keeps the save', async () => {
    // The editor read b.ts before the write and saves its buffer over the renamed file.
    const { a, b, written } = await writeBoth((_a, b) => editorSaving(b, b, '// saved\nfoo();\n'));
    const error = await refusal(written);
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain('"b.ts" changed on disk right after this edit replaced it');
    expect(error.message).toContain('"b.ts" holds what that program wrote');
    expect(await text(a)).toBe('foo;\n');
    expect(await text(b)).toBe('// saved\nfoo();\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('keeps a write whose file another program read back and wrote again with a change of its own: the edit is on disk', async () => {
    let formatted = false;
    // A tool reacting to the change reads the renamed b.ts and writes it back with a line of its own on top.
    const { a, b, written } = await writeBoth((_a, b) => ({
      async rename(from, to) {
        await nodeFsOperations.rename(from, to);
        if (!formatted && from.endsWith(TEMP_SUFFIX) && to === b) {
          formatted = true;
          await nodeFsOperations.writeFile(b, bytes(`// formatted\n${await text(b)}`), { flag: 'w', mode: 0o644 });
        }
      },
    }));
    await written;
    expect(await text(a)).toBe('bar;\n');
    expect(await text(b)).toBe('// formatted\nbar();\n');
  });

  it('judges a file another program is writing in place by what it then holds, not the moment it is empty: the edit kept stands', async () => {
    let writing = false;
    // A tool reacting to the change truncates the renamed b.ts in place; its text lands while the read-back looks.
    const { a, b, written } = await writeBoth((_a, b) => ({
      async rename(from, to) {
        await nodeFsOperations.rename(from, to);
        if (from.endsWith(TEMP_SUFFIX) && to === b && !writing) {
          writing = true;
          await nodeFsOperations.writeFile(b, bytes(''), { flag: 'w', mode: 0o644 });
        }
      },
      async readFile(path) {
        const read = await nodeFsOperations.readFile(path);
        if (path === b && writing && read.length === 0)
          await nodeFsOperations.writeFile(b, bytes('// formatted\nbar();\n'), { flag: 'w', mode: 0o644 });
        return read;
      },
    }));
    await written;
    expect(await text(a)).toBe('bar;\n');
    expect(await text(b)).toBe('// formatted\nbar();\n');
  });

  it('leaves a replaced file that another program wrote since as that program wrote it when it undoes a failed write', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const b = await ws.put('app/b.ts', 'foo();\n');
    const c = await ws.put('app/c.ts', 'foo(1);\n');
    let saved = false;
    const writer = new AtomicFileWriter(
      {
        async rename(from, to) {
          if (from.endsWith(TEMP_SUFFIX) && to === c) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
          await nodeFsOperations.rename(from, to);
          if (!saved && to === b) {
            saved = true;
            await nodeFsOperations.writeFile(a, bytes('// saved\nbar;\n'), { flag: 'w', mode: 0o644 });
          }
        },
      },
      { stateDirectories: [ws.state] },
    );
    const error = await refusal(
      writer.writeAll(
        ws.root,
        [
          { path: a, expectedText: 'foo;\n', newText: 'bar;\n' },
          { path: b, expectedText: 'foo();\n', newText: 'bar();\n' },
          { path: c, expectedText: 'foo(1);\n', newText: 'bar(1);\n' },
        ],
        live(),
      ),
    );
    expect(error.code).toBe(ErrorCode.WRITE_FAILED);
    expect(error.message).toContain('"a.ts" was written by another program');
    expect(await text(a)).toBe('// saved\nbar;\n');
    expect(await text(b)).toBe('foo();\n');
    expect(await text(c)).toBe('foo(1);\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });
});

describe('keepsEdit', () => {
  const edit = { original: bytes('a\nfoo\nb\n'), replacement: bytes('a\nbar\nb\n') };

  it('sees the edit kept under another change: the added line there, the removed one gone', () => {
    expect(keepsEdit(edit.original, edit.replacement, bytes('// top\na\nbar\nb\n'))).toBe(true);
  });

  it('sees the edit lost when the old line is back or the new one is missing', () => {
    expect(keepsEdit(edit.original, edit.replacement, bytes('// top\na\nfoo\nb\n'))).toBe(false);
    expect(keepsEdit(edit.original, edit.replacement, bytes('a\nbar2\nb\n'))).toBe(false);
  });
});
