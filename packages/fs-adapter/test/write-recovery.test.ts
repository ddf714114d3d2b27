import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, bridgeErrorOf, type FileChange } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { AtomicFileWriter } from '../src/atomic-file-writer.js';
import { nodeFsOperations } from '../src/fs-operations.js';
import { openStateDirectory, stateDirectories } from '../src/state-directory.js';
import { journalOwner, ownJournalName, WRITES_DIR } from '../src/write-journal.js';
import { recoverWritesIn } from '../src/write-recovery.js';
import { live, workspaceOfEachTest } from './test-workspace.js';

const CHILD = fileURLToPath(new URL('./crash-child.mjs', import.meta.url));
const ws = workspaceOfEachTest();

/** Eight files, each with a distinct old and new text, and their bytes before any write. */
async function eightFiles(): Promise<{ changes: FileChange[]; before: Map<string, Buffer> }> {
  const changes: FileChange[] = [];
  const before = new Map<string, Buffer>();
  for (let n = 1; n <= 8; n++) {
    const old = `export const target${n} = ${n}; // 😀\r\n`;
    const path = await ws.put(`app/src/m${n}.ts`, n === 3 ? `\uFEFF${old}` : old);
    changes.push({ path, expectedText: old, newText: old.replace(`target${n}`, `renamed${n}`) });
    before.set(path, await readFile(path));
  }
  return { changes, before };
}

/** Runs the write in a child process, stopped where `blockAt` says; resolves once the child reports it is stopped there. */
async function childStoppedAt(
  changes: readonly FileChange[],
  blockAt: { renames: number } | 'journal-close',
): Promise<{ kill: () => Promise<void> }> {
  const child = spawn(process.execPath, [CHILD, JSON.stringify({ root: ws.root, stateDir: ws.state, changes, blockAt })], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  let stdout = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('blocked\n')) resolve();
    });
    void exited.then(() => reject(new Error(`the child exited before blocking: ${stdout}${stderr}`)));
  });
  return {
    kill: async () => {
      child.kill('SIGKILL');
      // 'exit' means reaped: the pid is really gone (a zombie would still look alive).
      await exited;
    },
  };
}

const contents = async (paths: Iterable<string>): Promise<Buffer[]> => Promise.all([...paths].map((path) => readFile(path)));

describe('recovery of writes interrupted by a crash', () => {
  it('rolls back the half-applied write of a process killed while it held the files, before a running writer writes them', async () => {
    const { changes, before } = await eightFiles();
    // A writer of a bridge already running: its start-up recovery found nothing.
    const writer = new AtomicFileWriter({}, { stateDirectories: [ws.state] });
    expect((await writer.recoverInterruptedWrites()).interrupted).toBe(0);
    const child = await childStoppedAt(changes, { renames: 3 });
    await child.kill();

    // Planned on the half-applied disk; the dead process's file locks tell the writer to put it right first.
    const onDisk = await Promise.all(
      changes.map(async (c) => ({ ...c, expectedText: (await readFile(c.path, 'utf8')).replace(/^\uFEFF/, '') })),
    );
    const error = bridgeErrorOf(
      await writer.writeAll(ws.root, onDisk, live()).then(
        () => undefined,
        (thrown: unknown) => thrown,
      ),
    );
    expect(error?.code).toBe(ErrorCode.FILE_CHANGED);
    expect(await contents(before.keys())).toEqual([...before.values()]);
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('rolls back a write killed between two renames: every file byte-identical to before, no temp left', async () => {
    const { changes, before } = await eightFiles();
    const child = await childStoppedAt(changes, { renames: 3 });
    await child.kill();
    // The half-applied state, for real: three files replaced, five temps still staged.
    const renamedNow = await Promise.all(changes.map(async (c) => (await readFile(c.path, 'utf8')).includes('renamed')));
    expect(renamedNow).toEqual([true, true, true, false, false, false, false, false]);
    expect(await ws.leftoverTemps()).toHaveLength(5);

    const report = await new AtomicFileWriter({}, { stateDirectories: [ws.state] }).recoverInterruptedWrites();

    expect(report).toEqual({ interrupted: 1, restored: changes.slice(0, 3).map((c) => c.path), completed: 0, problems: [] });
    expect(await contents(before.keys())).toEqual([...before.values()]);
    expect(await ws.leftoverTemps()).toEqual([]);
    expect(await readdir(join(ws.state, WRITES_DIR))).toEqual([]);
  });

  it('rolls back the same write without a writer (what a server runs at start, from the ./write-recovery entry)', async () => {
    const { changes, before } = await eightFiles();
    const child = await childStoppedAt(changes, { renames: 3 });
    await child.kill();
    expect(await ws.leftoverTemps()).toHaveLength(5);

    const report = await recoverWritesIn([ws.state]);

    expect(report).toEqual({ interrupted: 1, restored: changes.slice(0, 3).map((c) => c.path), completed: 0, problems: [] });
    expect(await contents(before.keys())).toEqual([...before.values()]);
    expect(await ws.leftoverTemps()).toEqual([]);
    expect(await readdir(join(ws.state, WRITES_DIR))).toEqual([]);
  });

  it('removes the staged temps of a write killed before its first rename, changing no file', async () => {
    const { changes, before } = await eightFiles();
    const child = await childStoppedAt(changes, { renames: 0 });
    await child.kill();
    expect(await ws.leftoverTemps()).toHaveLength(8);
    const report = await new AtomicFileWriter({}, { stateDirectories: [ws.state] }).recoverInterruptedWrites();
    expect(report).toEqual({ interrupted: 1, restored: [], completed: 0, problems: [] });
    expect(await contents(before.keys())).toEqual([...before.values()]);
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('keeps a write killed after its last rename (every file renamed), and removes its journal', async () => {
    const { changes } = await eightFiles();
    const child = await childStoppedAt(changes, 'journal-close');
    await child.kill();
    const report = await new AtomicFileWriter({}, { stateDirectories: [ws.state] }).recoverInterruptedWrites();
    expect(report).toEqual({ interrupted: 1, restored: [], completed: 1, problems: [] });
    for (const change of changes) expect((await readFile(change.path, 'utf8')).replace('\uFEFF', '')).toBe(change.newText);
    expect(await readdir(join(ws.state, WRITES_DIR))).toEqual([]);
  });

  it('leaves a file edited after the crash as it is, and says so', async () => {
    const { changes, before } = await eightFiles();
    const child = await childStoppedAt(changes, { renames: 2 });
    await child.kill();
    const [first, second] = changes;
    if (first === undefined || second === undefined) throw new Error('fixture');
    await writeFile(first.path, 'edited by hand\n');
    const report = await new AtomicFileWriter({}, { stateDirectories: [ws.state] }).recoverInterruptedWrites();
    expect(report.restored).toEqual([second.path]);
    expect(report.problems).toEqual([expect.stringContaining(`${first.path}: changed since the interrupted write`)]);
    expect(await readFile(first.path, 'utf8')).toBe('edited by hand\n');
    expect(await readFile(second.path)).toEqual(before.get(second.path));
  });

  it('does not touch the journal of a write still running in another process', async () => {
    const { changes } = await eightFiles();
    const child = await childStoppedAt(changes, { renames: 3 });
    try {
      const report = await new AtomicFileWriter({}, { stateDirectories: [ws.state] }).recoverInterruptedWrites();
      expect(report.interrupted).toBe(0);
      expect(await ws.leftoverTemps()).toHaveLength(5);
    } finally {
      await child.kill();
    }
  });

  it('recovers before the first write of a new writer', async () => {
    const { changes, before } = await eightFiles();
    const child = await childStoppedAt(changes, { renames: 4 });
    await child.kill();
    const [, second] = changes;
    if (second === undefined) throw new Error('fixture');
    const original = before.get(second.path)?.toString('utf8') ?? '';
    await new AtomicFileWriter({}, { stateDirectories: [ws.state] }).writeAll(
      ws.root,
      [{ path: second.path, expectedText: original, newText: 'export const other = 2;\n' }],
      live(),
    );
    expect(await readFile(second.path, 'utf8')).toBe('export const other = 2;\n');
    const others = changes.filter((c) => c !== second).map((c) => c.path);
    expect(await contents(others)).toEqual(others.map((path) => before.get(path)));
    expect(await ws.leftoverTemps()).toEqual([]);
  });
});

describe('the journal', () => {
  it('is kept in a 0700 state directory outside the workspace, and gone once the write is done', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const journals: string[] = [];
    await new AtomicFileWriter(
      {
        writeFile: async (path, data, options) => {
          if (path.startsWith(ws.state)) journals.push(path);
          await nodeFsOperations.writeFile(path, data, options);
        },
      },
      { stateDirectories: [ws.state] },
    ).writeAll(ws.root, [{ path: a, expectedText: 'foo;\n', newText: 'bar;\n' }], live());
    expect(journals.map((path) => path.slice(ws.state.length))).toEqual([
      expect.stringMatching(new RegExp(`^/writes/${process.pid}\\.\\d+\\.[0-9a-f]+/0\\.orig$`)),
      expect.stringMatching(/\/journal\.json\.new$/),
    ]);
    expect((await nodeFsOperations.stat(ws.state)).mode & 0o777).toBe(0o700);
    expect(await readdir(join(ws.state, WRITES_DIR))).toEqual([]);
  });

  it('refuses to write (WRITE_FAILED, nothing changed) when no state directory can be used', async () => {
    const a = await ws.put('app/a.ts', 'foo;\n');
    const blocker = await ws.put('not-a-dir', 'a file where the state directory would go');
    const error = await new AtomicFileWriter({}, { stateDirectories: [join(blocker, 'state')] })
      .writeAll(ws.root, [{ path: a, expectedText: 'foo;\n', newText: 'bar;\n' }], live())
      .then(
        () => undefined,
        (thrown: unknown) => bridgeErrorOf(thrown),
      );
    expect(error?.code).toBe(ErrorCode.WRITE_FAILED);
    expect(error?.message).toContain('Nothing was changed');
    expect(error?.resolution).toContain('LSP_BRIDGE_STATE_DIR');
    expect(await readFile(a, 'utf8')).toBe('foo;\n');
    expect(await ws.leftoverTemps()).toEqual([]);
  });

  it('skips a state directory another user owns, and narrows one of ours that others may enter', async () => {
    const theirs = join(ws.base, 'theirs');
    const ours = join(ws.base, 'ours');
    await nodeFsOperations.mkdir(ours, { recursive: true, mode: 0o755 });
    await nodeFsOperations.chmod(ours, 0o755);
    const uid = process.getuid?.() ?? 0;
    const chosen = await openStateDirectory(
      {
        ...nodeFsOperations,
        lstat: async (path) => {
          const stats = await nodeFsOperations.lstat(path);
          return path === theirs ? { mode: stats.mode, uid: uid + 1, isFile: () => false, isDirectory: () => true } : stats;
        },
      },
      [theirs, ours],
    );
    expect(chosen).toBe(ours);
    expect((await nodeFsOperations.stat(ours)).mode & 0o777).toBe(0o700);
  });

  it('lives under LSP_BRIDGE_STATE_DIR when set, else $XDG_STATE_HOME, ~/.local/state, then the temp directory', () => {
    expect(stateDirectories({ LSP_BRIDGE_STATE_DIR: '/s', XDG_STATE_HOME: '/x' })).toEqual(['/s']);
    const defaults = stateDirectories({ XDG_STATE_HOME: '/x' });
    expect(defaults[0]).toBe('/x/mcp-lsp-bridge');
    expect(defaults[1]).toMatch(/\/\.local\/state\/mcp-lsp-bridge$/);
    expect(defaults[2]).toMatch(/mcp-lsp-bridge-\d+\/state$/);
    expect(stateDirectories({ XDG_STATE_HOME: 'relative' })[0]).toMatch(/\/\.local\/state\/mcp-lsp-bridge$/);
  });

  it('tells the journals of this process, of live processes and of dead ones apart', () => {
    const started = Math.round((Date.now() - process.uptime() * 1000) / 1000);
    expect(journalOwner(`${process.pid}.${started - 3600}.cd`, () => true)).toBe('dead'); // our pid, an earlier process
    expect(journalOwner(`${process.pid}.${started}.cd`, () => false)).toBe('this process'); // another bridge or worker of ours
    expect(journalOwner(`4000000.${started}.cd`, () => true)).toBe('alive');
    expect(journalOwner(`4000000.${started}.cd`, () => false)).toBe('dead');
    expect(journalOwner('notes.txt', () => false)).toBe('not a journal');
    expect(journalOwner(ownJournalName(), () => false)).toBe('this process');
  });
});
