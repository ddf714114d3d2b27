import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handOver, readHolder, releaseLock, thisProcess, tryLock } from '../../src/daemon/start-lock.js';

let dir = '';
let lock = '';

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'start-lock-')));
  lock = join(dir, 'key.lock');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const run = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(run.stdout);
}

describe('the start lock of a background server', () => {
  it('is held by one process at a time, named in the file, and released only by its holder', async () => {
    expect(tryLock(lock)).toEqual({ acquired: true });
    expect(tryLock(lock)).toEqual({ acquired: false, holder: thisProcess() });
    releaseLock(lock, { pid: deadPid(), processStart: undefined });
    expect(existsSync(lock)).toBe(true);
    releaseLock(lock);
    expect(existsSync(lock)).toBe(false);
    // Nothing left aside.
    expect(await readdir(dir)).toEqual([]);
  });

  it('is taken over once its holder has died', () => {
    writeFileSync(lock, JSON.stringify({ pid: deadPid(), processStart: 1 }));
    expect(tryLock(lock)).toEqual({ acquired: true });
    expect(readHolder(lock)).toEqual(thisProcess());
  });

  it('is not taken over from a process that lives, even one whose pid was reused', () => {
    const parent = { pid: process.ppid, processStart: undefined };
    handOver(lock, parent);
    expect(tryLock(lock)).toEqual({ acquired: false, holder: parent });
    // The same pid started at another time is another process: its lock is stale.
    handOver(lock, { pid: process.ppid, processStart: -1 });
    expect(tryLock(lock)).toEqual({ acquired: true });
  });

  it('passes to the process it is handed over to, which alone releases it', () => {
    expect(tryLock(lock)).toEqual({ acquired: true });
    const server = { pid: process.ppid, processStart: undefined };
    handOver(lock, server);
    releaseLock(lock);
    expect(readHolder(lock)).toEqual(server);
    releaseLock(lock, server);
    expect(existsSync(lock)).toBe(false);
  });
});
