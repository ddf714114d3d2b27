import { mkdtemp, readdir, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CrossProcessLocks } from '@mcp-lsp-bridge/fs-adapter';
import { WorkspaceWrites } from '../src/workspace-writes.js';

let base = '';
beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'workspace-writes-')));
  await symlink(base, join(base, 'alias'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** A body that records when it starts and ends, and ends when told to. */
function step(log: string[], name: string): { body: () => Promise<string>; finish: () => void } {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    body: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
      return name;
    },
    finish: () => finish(),
  };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const live = (): AbortSignal => new AbortController().signal;

describe('WorkspaceWrites', () => {
  it('runs the writing calls of one workspace one after the other, whatever the spelling of its root', async () => {
    const writes = new WorkspaceWrites();
    const log: string[] = [];
    const first = step(log, 'first');
    const second = step(log, 'second');
    const one = writes.run(base, live(), first.body);
    const two = writes.run(join(base, 'alias'), live(), second.body);
    await vi.waitFor(() => expect(log).toEqual(['first starts']));
    // Both roots are resolved by now (the first call has started); the second must still wait.
    for (let i = 0; i < 20; i++) await turn();
    expect(log).toEqual(['first starts']);
    first.finish();
    await one;
    await vi.waitFor(() => expect(log).toContain('second starts'));
    second.finish();
    expect(await two).toBe('second');
    expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });

  it('runs the writing calls of two bridges of one workspace one after the other, as two processes do through the lock directory', async () => {
    const locks = new CrossProcessLocks(join(base, 'locks'));
    const [mine, theirs] = [new WorkspaceWrites(locks), new WorkspaceWrites(new CrossProcessLocks(join(base, 'locks')))];
    const log: string[] = [];
    const first = step(log, 'first');
    const second = step(log, 'second');
    const one = mine.run(base, live(), first.body);
    await vi.waitFor(() => expect(log).toEqual(['first starts']));
    const two = theirs.run(join(base, 'alias'), live(), second.body);
    // The second waits on the lock the first holds: its staging directory is there, its body has not started.
    await vi.waitFor(async () => expect((await readdir(join(base, 'locks'))).filter((name) => name.endsWith('.stage'))).toHaveLength(1));
    expect(log).toEqual(['first starts']);
    first.finish();
    await one;
    await vi.waitFor(() => expect(log).toContain('second starts'));
    second.finish();
    expect(await two).toBe('second');
    expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });

  it('runs the writing calls of different workspaces side by side', async () => {
    const writes = new WorkspaceWrites();
    const log: string[] = [];
    const a = step(log, 'a');
    const b = step(log, 'b');
    const one = writes.run(base, live(), a.body);
    const two = writes.run(tmpdir(), live(), b.body);
    // Resolving each root takes its own time on a loaded machine: wait for both to start, in any order.
    await vi.waitFor(() => expect([...log].sort()).toEqual(['a starts', 'b starts']));
    a.finish();
    b.finish();
    await Promise.all([one, two]);
  });

  it('stops waiting when the waiting call is aborted, and runs its body at once (which then answers CANCELLED)', async () => {
    const writes = new WorkspaceWrites();
    const log: string[] = [];
    const first = step(log, 'first');
    const one = writes.run(base, live(), first.body);
    const controller = new AbortController();
    const two = writes.run(base, controller.signal, () => Promise.resolve(controller.signal.aborted ? 'cancelled' : 'ran'));
    for (let i = 0; i < 5; i++) await turn();
    controller.abort();
    expect(await two).toBe('cancelled');
    first.finish();
    await one;
  });
});
