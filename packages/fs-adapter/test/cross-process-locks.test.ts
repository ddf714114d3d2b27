import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrossProcessLocks } from '../src/cross-process-locks.js';
import { SELF } from '../src/process-identity.js';
import { createTestWorkspace, live, type TestWorkspace } from './test-workspace.js';

const CHILD = fileURLToPath(new URL('./lock-child.mjs', import.meta.url));

let ws: TestWorkspace;
let dir: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(async () => {
  ws = await createTestWorkspace();
  dir = join(ws.base, 'locks');
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await ws.remove();
});

/** Another process using the locks (see lock-child.mjs); `line()` resolves with its next line of output. */
function lockProcess(plan: Record<string, unknown>): { child: ChildProcessWithoutNullStreams; line: () => Promise<string> } {
  const child = spawn(process.execPath, [CHILD, JSON.stringify({ dir, ...plan })], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    line: async () => {
      const next = await lines.next();
      if (next.done === true) throw new Error(`the lock process ended without a line; stderr:\n${stderr}`);
      return next.value;
    },
  };
}

/** The locks held now: each lock directory's owner file (`<pid>.<start>.<random>`). */
async function owners(): Promise<string[]> {
  const held: string[] = [];
  for (const name of await readdir(dir)) if (name.endsWith('.lock')) held.push(...(await readdir(join(dir, name))));
  return held;
}

/** Entries of the lock directory that belong to this process (staging directories, locks). */
async function ours(): Promise<string[]> {
  const names = await readdir(dir);
  const mine = names.filter((name) => name.includes(`.${process.pid}.`));
  for (const name of names.filter((n) => n.endsWith('.lock'))) {
    for (const owner of await readdir(join(dir, name))) if (owner.startsWith(`${process.pid}.`)) mine.push(`${name}/${owner}`);
  }
  return mine;
}

describe('CrossProcessLocks', () => {
  it('lets two processes taking overlapping keys in opposite orders take turns: no update of a shared counter is lost, and neither deadlocks', async () => {
    const counter = await ws.put('counter', '0');
    const rounds = 60;
    const a = lockProcess({ keys: ['a', 'b'], rounds, counter });
    const b = lockProcess({ keys: ['b', 'a'], rounds, counter });
    expect(await Promise.all([a.line(), b.line()])).toEqual(['done', 'done']);
    expect(Number(await readFile(counter, 'utf8'))).toBe(2 * rounds);
    expect(await owners()).toEqual([]);
  });

  it('waits while another live process holds a key, and takes it once that process releases it', async () => {
    const holder = lockProcess({ keys: ['k'] });
    expect(await holder.line()).toBe('held');
    const locks = new CrossProcessLocks(dir);
    let granted = false;
    const acquiring = locks.acquire(['k'], live()).then((release) => {
      granted = true;
      return release;
    });
    // This process is waiting once its staging directory is there; the lock is still the holder's.
    await vi.waitFor(async () => expect((await readdir(dir)).some((name) => name.includes(`.${process.pid}.`))).toBe(true));
    expect(granted).toBe(false);
    expect(await owners()).toEqual([expect.stringMatching(new RegExp(`^${String(holder.child.pid)}\\.`))]);

    holder.child.stdin.write('release\n');
    expect(await holder.line()).toBe('released');
    const { release, tookOverDead } = await acquiring;
    expect(tookOverDead).toBe(false);
    expect(await owners()).toEqual([expect.stringMatching(new RegExp(`^${process.pid}\\.`))]);
    await release();
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes over at once the lock of a process killed (SIGKILL) while it held it', async () => {
    const holder = lockProcess({ keys: ['k', 'other'] });
    expect(await holder.line()).toBe('held');
    const locks = new CrossProcessLocks(dir);
    // A first use sweeps what dead processes left: done before the kill, so the takeover below is the waiter's own.
    await (await locks.acquire(['unrelated'], live())).release();
    holder.child.kill('SIGKILL');
    await once(holder.child, 'exit');

    const { release, tookOverDead } = await locks.acquire(['k'], live());
    // Said, so that a writer puts right what the dead process may have half written before it goes on.
    expect(tookOverDead).toBe(true);
    const dead = new RegExp(`^${String(holder.child.pid)}\\.`);
    // 'k' is ours now; 'other', which nobody asked for, still names the dead process.
    expect((await owners()).sort()).toEqual([expect.stringMatching(new RegExp(`^${process.pid}\\.`)), expect.stringMatching(dead)].sort());
    await release();
    // A later process's first use sweeps the rest.
    await (await new CrossProcessLocks(dir).acquire(['unrelated'], live())).release();
    expect(await readdir(dir)).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose owner pid now names another process (a pid reused, as containers do at each start)',
    async () => {
      const holder = lockProcess({ keys: ['k'] });
      expect(await holder.line()).toBe('held');
      holder.child.kill('SIGKILL');
      await once(holder.child, 'exit');
      // The lock now names this process's pid with another start: an earlier process that had our pid.
      const [lock] = (await readdir(dir)).filter((name) => name.endsWith('.lock'));
      const [owner] = await readdir(join(dir, lock ?? ''));
      await rename(join(dir, lock ?? '', owner ?? ''), join(dir, lock ?? '', `${process.pid}.${(SELF.start ?? 0) - 1}.abcdef`));

      const { release, tookOverDead } = await new CrossProcessLocks(dir).acquire(['k'], live());
      expect(tookOverDead).toBe(true);
      expect(await owners()).toEqual([expect.stringMatching(new RegExp(`^${process.pid}\\.${String(SELF.start)}\\.`))]);
      await release();
    },
  );

  it('stops waiting when its signal aborts: rejects with the reason, and holds and leaves nothing', async () => {
    const holder = lockProcess({ keys: ['k'] });
    expect(await holder.line()).toBe('held');
    const controller = new AbortController();
    // 'a' sorts before 'k': it is taken first, and must be given back.
    const acquiring = new CrossProcessLocks(dir).acquire(['k', 'a'], controller.signal);
    await vi.waitFor(async () => expect(await ours()).toContainEqual(expect.stringMatching(/\.stage$/)));
    controller.abort(new Error('the call was cancelled'));
    await expect(acquiring).rejects.toThrow('the call was cancelled');
    expect(await ours()).toEqual([]);
    expect(await owners()).toEqual([expect.stringMatching(new RegExp(`^${String(holder.child.pid)}\\.`))]);
    holder.child.stdin.write('release\n');
    expect(await holder.line()).toBe('released');
  });

  it('keeps its directory to this user: mode 0700', async () => {
    const { release, tookOverDead } = await new CrossProcessLocks(dir).acquire(['k'], live());
    expect(tookOverDead).toBe(false);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    await release();
  });
});
