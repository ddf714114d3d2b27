import { mkdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ErrorCode } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { refusal, text, workspaceOfEachTest } from './test-workspace.js';
import { AtomicFileWriter } from '../src/atomic-file-writer.js';
import { nodeFsOperations, type FsOperations } from '../src/fs-operations.js';
import { TEMP_SUFFIX } from '../src/temp-files.js';

// A multi-file write is all or nothing: a file changed since it was read, a temp file or a
// rename that fails, a caller that gives up: nothing changed, or everything restored (or named).

const ws = workspaceOfEachTest();

/** Whether `path` is a temp file the writer staged for `target` (its name is unique per write). */
const isTempOf = (path: string, target: string): boolean =>
  path.startsWith(join(dirname(target), `.${basename(target)}.`)) && path.endsWith(TEMP_SUFFIX);
/** Whether a rename moves a staged temp file (the journal, outside the workspace, renames its own file too). */
const isTempRename = (from: string): boolean => from.endsWith(TEMP_SUFFIX);
const ioError = (message: string, code: string): Error => Object.assign(new Error(message), { code });

/** Files by name in the workspace root, and their texts. */
type Files = Readonly<Record<string, string>>;

/** What a case sets up once the files exist: the file operations that misbehave, and what it checks besides the files. */
interface Arranged {
  readonly operations?: Partial<FsOperations>;
  readonly check?: () => Promise<void>;
}

interface AllOrNothingCase {
  readonly name: string;
  /** The files on disk before the write. */
  readonly before: Files;
  /** Each change: the file, the text the writer expects in it, its new text. */
  readonly changes: readonly (readonly [file: string, expectedText: string, newText: string])[];
  /** Given each file's absolute path and the caller's controller (whose signal the write gets). */
  readonly arrange?: (path: (file: string) => string, caller: AbortController) => Arranged;
  /** The refusal (its code, what its message says and what it does not), or the reason the caller gave up that the write rejects with. */
  readonly outcome:
    | { readonly refused: ErrorCode; readonly says: readonly (string | RegExp)[]; readonly saysNot?: readonly string[] }
    | { readonly rejects: string };
  /** The files on disk after the write: as before unless given. */
  readonly after?: Files;
}

const cases: readonly AllOrNothingCase[] = [
  {
    name: 'refuses with FILE_CHANGED naming the file when it no longer holds the expected text, and writes nothing',
    before: { 'a.ts': 'const foo = 1;\n', 'b.ts': 'foo; // edited by someone else\n' },
    changes: [
      ['a.ts', 'const foo = 1;\n', 'const bar = 1;\n'],
      ['b.ts', 'foo;\n', 'bar;\n'],
    ],
    outcome: { refused: ErrorCode.FILE_CHANGED, says: ['b.ts'] },
  },
  {
    name: 'refuses with FILE_CHANGED when a file is modified while the temp files are written',
    before: { 'a.ts': 'const foo = 1;\n', 'b.ts': 'foo;\n' },
    changes: [
      ['a.ts', 'const foo = 1;\n', 'const bar = 1;\n'],
      ['b.ts', 'foo;\n', 'bar;\n'],
    ],
    arrange: (path) => ({
      operations: {
        async writeFile(file, data, options) {
          await nodeFsOperations.writeFile(file, data, options);
          // Someone saves a.ts in an editor after its new text was staged.
          if (isTempOf(file, path('b.ts')))
            await nodeFsOperations.writeFile(path('a.ts'), new TextEncoder().encode('const foo = 2;\n'), { flag: 'w', mode: 0o644 });
        },
      },
    }),
    outcome: { refused: ErrorCode.FILE_CHANGED, says: ['a.ts'] },
    after: { 'a.ts': 'const foo = 2;\n', 'b.ts': 'foo;\n' },
  },
  {
    name: 'refuses with FILE_CHANGED when a file was deleted',
    before: {},
    changes: [['gone.ts', 'x', 'y']],
    outcome: { refused: ErrorCode.FILE_CHANGED, says: ['gone.ts'] },
  },
  {
    name: 'fails with WRITE_FAILED and changes nothing when a temp file cannot be written',
    before: { 'a.ts': 'foo;\n', 'b.ts': 'foo;\n' },
    changes: [
      ['a.ts', 'foo;\n', 'bar;\n'],
      ['b.ts', 'foo;\n', 'bar;\n'],
    ],
    arrange: (path) => {
      let planted = '';
      return {
        operations: {
          async writeFile(file, data, options) {
            // A directory where the temp file of b.ts goes, made just before the writer creates it.
            if (isTempOf(file, path('b.ts'))) await mkdir((planted = file));
            await nodeFsOperations.writeFile(file, data, options);
          },
        },
        // Not ours: left alone.
        check: async () => expect((await stat(planted)).isDirectory()).toBe(true),
      };
    },
    outcome: { refused: ErrorCode.WRITE_FAILED, says: ['b.ts', /E[A-Z]+/ /* the OS error */] },
  },
  {
    name: 'restores the files already replaced when a later rename fails, then fails with WRITE_FAILED',
    before: { 'a.ts': 'export const foo = 1;\n', 'b.ts': 'foo;\n', 'c.ts': 'foo();\n' },
    changes: [
      ['a.ts', 'export const foo = 1;\n', 'export const bar = 1;\n'],
      ['b.ts', 'foo;\n', 'bar;\n'],
      ['c.ts', 'foo();\n', 'bar();\n'],
    ],
    arrange: () => {
      let renames = 0;
      return {
        operations: {
          async rename(from, to) {
            if (isTempRename(from)) renames++;
            if (renames === 2) throw ioError(`EIO: i/o error, rename '${from}' -> '${to}'`, 'EIO');
            await nodeFsOperations.rename(from, to);
          },
        },
      };
    },
    outcome: { refused: ErrorCode.WRITE_FAILED, says: ['b.ts', 'EIO', 'everything was restored'] },
  },
  {
    name: 'fails with WRITE_FAILED and changes nothing when the first rename fails',
    before: { 'a.ts': 'foo;\n', 'b.ts': 'foo;\n' },
    changes: [
      ['a.ts', 'foo;\n', 'bar;\n'],
      ['b.ts', 'foo;\n', 'bar;\n'],
    ],
    arrange: () => ({
      operations: {
        rename: (from, to) =>
          isTempRename(from) ? Promise.reject(ioError('EXDEV: cross-device link', 'EXDEV')) : nodeFsOperations.rename(from, to),
      },
    }),
    outcome: { refused: ErrorCode.WRITE_FAILED, says: ['no file was changed'] },
  },
  {
    name: 'names the files it could not restore when restoring fails too',
    before: { 'a.ts': 'foo;\n', 'b.ts': 'foo;\n' },
    changes: [
      ['a.ts', 'foo;\n', 'bar;\n'],
      ['b.ts', 'foo;\n', 'bar;\n'],
    ],
    arrange: () => {
      let renames = 0;
      return {
        operations: {
          async rename(from, to) {
            if (isTempRename(from)) renames++;
            if (renames >= 2) throw ioError('EIO: i/o error', 'EIO');
            await nodeFsOperations.rename(from, to);
          },
        },
      };
    },
    outcome: { refused: ErrorCode.WRITE_FAILED, says: ['Restoring failed for a.ts'], saysNot: ['everything was restored'] },
    after: { 'a.ts': 'bar;\n', 'b.ts': 'foo;\n' },
  },
  {
    name: 'writes nothing when the signal is already aborted',
    before: { 'a.ts': 'foo;\n' },
    changes: [['a.ts', 'foo;\n', 'bar;\n']],
    arrange: (_path, caller) => {
      caller.abort(new Error('caller gave up'));
      return {};
    },
    outcome: { rejects: 'caller gave up' },
  },
  {
    name: 'stops before replacing anything when aborted while temp files are written, and removes them',
    before: { 'a.ts': 'foo;\n', 'b.ts': 'foo;\n' },
    changes: [
      ['a.ts', 'foo;\n', 'bar;\n'],
      ['b.ts', 'foo;\n', 'bar;\n'],
    ],
    arrange: (_path, caller) => ({
      operations: {
        async writeFile(file, data, options) {
          await nodeFsOperations.writeFile(file, data, options);
          if (file.endsWith(TEMP_SUFFIX)) caller.abort(new Error('caller gave up'));
        },
      },
    }),
    outcome: { rejects: 'caller gave up' },
  },
];

describe('AtomicFileWriter: all or nothing', () => {
  for (const { name, before, changes, arrange, outcome, after = before } of cases) {
    it(name, async () => {
      for (const [file, content] of Object.entries(before)) await ws.put(join('app', file), content);
      const path = (file: string): string => join(ws.root, file);
      const caller = new AbortController();
      const { operations, check } = arrange?.(path, caller) ?? {};
      const write = new AtomicFileWriter(operations).writeAll(
        ws.root,
        changes.map(([file, expectedText, newText]) => ({ path: path(file), expectedText, newText })),
        caller.signal,
      );
      if ('refused' in outcome) {
        const error = await refusal(write);
        expect(error.code).toBe(outcome.refused);
        for (const said of outcome.says) expect(error.message).toMatch(said);
        for (const unsaid of outcome.saysNot ?? []) expect(error.message).not.toContain(unsaid);
      } else {
        await expect(write).rejects.toThrow(outcome.rejects);
      }
      for (const [file, content] of Object.entries(after)) expect(await text(path(file))).toBe(content);
      expect(await ws.leftoverTemps()).toEqual([]);
      await check?.();
    });
  }
});
