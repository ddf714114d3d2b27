import { chmod, readFile, stat } from 'node:fs/promises';
import { ErrorCode } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { live, refusal, text, workspaceOfEachTest } from './test-workspace.js';
import { AtomicFileWriter } from '../src/atomic-file-writer.js';

// What a write puts on disk: the new text as given (byte-order mark, line endings, UTF-8), the
// file's mode kept, no temp file left; what it refuses to read.

const BOM = '\uFEFF';
const ws = workspaceOfEachTest();

describe('AtomicFileWriter: the text and the files it writes', () => {
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

  it('refuses with FILE_UNREADABLE a file that is not valid UTF-8', async () => {
    const a = await ws.put('app/a.ts', Uint8Array.of(0x66, 0xff, 0x0a));
    const error = await refusal(new AtomicFileWriter().writeAll(ws.root, [{ path: a, expectedText: 'f\uFFFD\n', newText: 'g\n' }], live()));
    expect(error.code).toBe(ErrorCode.FILE_UNREADABLE);
    expect([...(await readFile(a))]).toEqual([0x66, 0xff, 0x0a]);
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
