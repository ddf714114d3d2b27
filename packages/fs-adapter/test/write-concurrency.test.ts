import { basename } from 'node:path';
import { ErrorCode, bridgeErrorOf, type FileChange } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { AtomicFileWriter } from '../src/atomic-file-writer.js';
import { FileLocks } from '../src/file-locks.js';
import { nodeFsOperations, type FsOperations } from '../src/fs-operations.js';
import { TEMP_SUFFIX } from '../src/temp-files.js';
import { live, text, workspaceOfEachTest } from './test-workspace.js';

const ws = workspaceOfEachTest();

/** Operations that yield to the event loop before each step, so two writes interleave as they would on a busy disk. */
const interleaving: Partial<FsOperations> = {
  readFile: async (path) => {
    await new Promise((resolve) => setImmediate(resolve));
    return nodeFsOperations.readFile(path);
  },
  writeFile: async (path, data, options) => {
    await new Promise((resolve) => setImmediate(resolve));
    await nodeFsOperations.writeFile(path, data, options);
  },
  rename: async (from, to) => {
    await new Promise((resolve) => setImmediate(resolve));
    await nodeFsOperations.rename(from, to);
  },
};

describe('AtomicFileWriter under concurrent writes', () => {
  it('stages each write in temp files of its own: .<name>.<pid>-<random>.lsp-bridge.tmp beside the target', async () => {
    const a = await ws.put('app/src/a.ts', 'foo;\n');
    const temps: string[] = [];
    const writer = new AtomicFileWriter(
      {
        writeFile: async (path, data, options) => {
          if (path.endsWith(TEMP_SUFFIX)) temps.push(path);
          await nodeFsOperations.writeFile(path, data, options);
        },
      },
      { stateDirectories: [ws.state] },
    );
    await writer.writeAll(ws.root, [{ path: a, expectedText: 'foo;\n', newText: 'bar;\n' }], live());
    await writer.writeAll(ws.root, [{ path: a, expectedText: 'bar;\n', newText: 'baz;\n' }], live());
    expect(temps).toHaveLength(2);
    for (const temp of temps) expect(basename(temp)).toMatch(new RegExp(`^\\.a\\.ts\\.${process.pid}-[0-9a-f]{12}\\.lsp-bridge\\.tmp$`));
    expect(temps[0]).not.toBe(temps[1]);
    expect(await text(a)).toBe('baz;\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('lets exactly one of two writes over overlapping files win; the other is FILE_CHANGED and the disk holds all of the winner', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const a = await ws.put(`app/t${trial}/a.ts`, 'a0;\n');
      const b = await ws.put(`app/t${trial}/b.ts`, 'b0;\n');
      const c = await ws.put(`app/t${trial}/c.ts`, 'c0;\n');
      const first: FileChange[] = [
        { path: a, expectedText: 'a0;\n', newText: 'a1;\n' },
        { path: b, expectedText: 'b0;\n', newText: 'b1;\n' },
      ];
      const second: FileChange[] = [
        { path: c, expectedText: 'c0;\n', newText: 'c2;\n' },
        { path: b, expectedText: 'b0;\n', newText: 'b2;\n' },
      ];
      // Two writers, as two bridges of one process would have; they share the process's locks.
      const [one, two] = await Promise.allSettled([
        new AtomicFileWriter(interleaving, { stateDirectories: [ws.state] }).writeAll(ws.root, first, live()),
        new AtomicFileWriter(interleaving, { stateDirectories: [ws.state] }).writeAll(ws.root, second, live()),
      ]);
      const outcomes = [one, two].map((o) => (o.status === 'fulfilled' ? 'ok' : bridgeErrorOf(o.reason)?.code));
      expect(outcomes.sort()).toEqual([ErrorCode.FILE_CHANGED, 'ok'].sort());
      const disk = [await text(a), await text(b), await text(c)];
      expect(disk).toEqual(one.status === 'fulfilled' ? ['a1;\n', 'b1;\n', 'c0;\n'] : ['a0;\n', 'b2;\n', 'c2;\n']);
    }
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('runs writes of disjoint files side by side', async () => {
    const a = await ws.put('app/a.ts', 'a0;\n');
    const b = await ws.put('app/b.ts', 'b0;\n');
    const writer = new AtomicFileWriter(interleaving, { stateDirectories: [ws.state] });
    await Promise.all([
      writer.writeAll(ws.root, [{ path: a, expectedText: 'a0;\n', newText: 'a1;\n' }], live()),
      writer.writeAll(ws.root, [{ path: b, expectedText: 'b0;\n', newText: 'b1;\n' }], live()),
    ]);
    expect([await text(a), await text(b)]).toEqual(['a1;\n', 'b1;\n']);
  });

  it('finishes a write whose renames have begun even when its signal aborts, and drain() waits for it', async () => {
    const files = await Promise.all([1, 2, 3].map((n) => ws.put(`app/f${n}.ts`, `f${n};\n`)));
    const controller = new AbortController();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let renames = 0;
    const writer = new AtomicFileWriter(
      {
        rename: async (from, to) => {
          await nodeFsOperations.rename(from, to);
          if (from.endsWith(TEMP_SUFFIX) && ++renames === 1) {
            controller.abort(new Error('shutting down'));
            await held;
          }
        },
      },
      { stateDirectories: [ws.state] },
    );
    const write = writer.writeAll(
      ws.root,
      files.map((path, i) => ({ path, expectedText: `f${i + 1};\n`, newText: `g${i + 1};\n` })),
      controller.signal,
    );
    let drained = false;
    const draining = writer.drain().then(() => (drained = true));
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    release();
    await write;
    await draining;
    expect(await Promise.all(files.map(text))).toEqual(['g1;\n', 'g2;\n', 'g3;\n']);
    expect(await ws.leftoverTemps()).toEqual([]);
  });
});

describe('FileLocks', () => {
  it('makes a second holder of a shared file wait for the first, and a waiter stop when its signal aborts', async () => {
    const locks = new FileLocks();
    const releaseFirst = await locks.acquire(['/w/a', '/w/b'], live());
    let secondGranted = false;
    const second = locks.acquire(['/w/b', '/w/c'], live()).then((release) => {
      secondGranted = true;
      return release;
    });
    const controller = new AbortController();
    const third = locks.acquire(['/w/a'], controller.signal);
    controller.abort(new Error('gave up'));
    await expect(third).rejects.toThrow('gave up');
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondGranted).toBe(false);
    releaseFirst();
    (await second)();
    expect(secondGranted).toBe(true);
    expect(locks.heldCount).toBe(0);
  });
});
