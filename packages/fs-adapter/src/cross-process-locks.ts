import { createHash, randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import type { Signal } from '@mcp-lsp-bridge/domain';
import { DirectoryChanges } from './directory-changes.js';
import { errnoCode, nodeFsOperations } from './fs-operations.js';
import { lockDirectoryPath, openLockDirectory } from './lock-directory.js';
import { isRunning, SELF, type ProcessIdentity } from './process-identity.js';

/** What `acquire` took. */
export interface HeldLocks {
  /** Releases every lock; safe to call more than once. */
  readonly release: () => Promise<void>;
  /** Whether a lock was taken over from a process that died holding it (its write may be half done). */
  readonly tookOverDead: boolean;
}

const LOCK = '.lock';
const STAGE = '.stage';
/** An owner: `<pid>.<start ticks, or x>.<random>`; the name of the one file inside a held lock. */
const OWNER = /^(\d+)\.(\d+|x)\.[0-9a-f]+$/;
/** `<key hash>.<owner>.stage`: a lock being taken. */
const STAGED = /^[0-9a-f]+\.(\d+\.(?:\d+|x)\.[0-9a-f]+)\.stage$/;

interface Held {
  readonly lock: string;
  readonly owner: string;
  readonly tookOverDead: boolean;
}

/**
 * Locks shared by every process of this user, one per key (a file's real path, a workspace
 * root), kept in the lock directory (`lock-directory.ts`), never in a workspace.
 *
 * A held lock is a directory `<sha256 of the key>.lock` holding exactly one file, named after its
 * owner (pid, start, random). It is taken by renaming a staging directory that already holds the
 * owner's file onto that name: `rename(2)` onto a directory that is not empty fails, so at most one
 * process holds it, and a held lock is never empty. A lock whose owner died (SIGKILL, a crash) is
 * freed by unlinking that owner's file, a name no later owner can have, then removing the empty
 * directory: whoever does it, or races with it, can never remove a live owner's lock. The kernel
 * says who is alive (`process-identity.ts`), so no timer has to keep a lock fresh: a process busy
 * for minutes in a LanguageService keeps its lock, one killed loses it at once.
 *
 * A waiter watches the lock directory (`fs.watch`) and looks again at each change there, with a
 * bounded fallback for a holder that dies (which sends no event); it stops waiting, releasing what
 * it took, when its signal aborts.
 */
export class CrossProcessLocks {
  private swept: Promise<boolean> | undefined;

  constructor(private readonly path: string = lockDirectoryPath()) {}

  /**
   * Holds every key (each once, taken in sorted order, so two processes taking overlapping sets
   * never wait on each other); rejects with the signal's reason if it aborts while waiting, and
   * with an `Error` when the lock directory cannot be used.
   */
  async acquire(keys: readonly string[], signal: Signal): Promise<HeldLocks> {
    signal.throwIfAborted();
    // Opened on every acquire: a /tmp cleaner may have removed the directory since the last one.
    const dir = await openLockDirectory(nodeFsOperations, this.path);
    const first = this.swept === undefined;
    this.swept ??= sweep(dir);
    const sweptDead = (await this.swept) && first;
    const held: Held[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) held.push(await acquireOne(dir, key, signal));
    } catch (error) {
      await releaseAll(held);
      throw error;
    }
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        await releaseAll(held);
      },
      tookOverDead: sweptDead || held.some((lock) => lock.tookOverDead),
    };
  }
}

async function acquireOne(dir: string, key: string, signal: Signal): Promise<Held> {
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 32);
  const lock = join(dir, `${hash}${LOCK}`);
  const owner = `${SELF.pid}.${SELF.start ?? 'x'}.${randomBytes(6).toString('hex')}`;
  const stage = join(dir, `${hash}.${owner}${STAGE}`);
  await fsp.mkdir(stage, { mode: 0o700 });
  let changes: DirectoryChanges | undefined;
  let tookOverDead = false;
  try {
    // The key is written for a person looking at the directory (cut: a root may be any string); only the file's name counts.
    await fsp.writeFile(join(stage, owner), `${key.slice(0, 4096)}\n`, { flag: 'wx', mode: 0o600 });
    for (;;) {
      signal.throwIfAborted();
      if (await renamedOnto(stage, lock)) return { lock, owner, tookOverDead };
      const holder = await holderOf(lock);
      if (holder === FREE) continue;
      if (holder === RELEASING) {
        // Empty: between a release's two steps, or left so by a process that died there. An empty
        // lock is nobody's, so removing it is safe (rmdir fails on a lock someone took meanwhile);
        // on POSIX the rename above would have replaced it anyway.
        await fsp.rmdir(lock).catch(() => undefined);
      } else if (!isRunning(identityOf(holder.owner))) {
        await removeStale(lock, holder.owner);
        tookOverDead = true;
        continue;
      }
      // Watching starts before the next look, so a release between the two is not missed.
      if (changes === undefined) changes = new DirectoryChanges(dir);
      else await changes.next(signal);
    }
  } catch (error) {
    await removeQuietly(stage, owner);
    throw error;
  } finally {
    changes?.close();
  }
}

/** Takes the lock by renaming the staging directory onto it; false while another holds it. */
async function renamedOnto(stage: string, lock: string): Promise<boolean> {
  try {
    await fsp.rename(stage, lock);
    return true;
  } catch (error) {
    const code = errnoCode(error);
    // Windows refuses to rename onto any existing directory (EPERM), empty or not.
    if (code === 'ENOTEMPTY' || code === 'EEXIST' || (code === 'EPERM' && process.platform === 'win32')) return false;
    throw error;
  }
}

const FREE = Symbol('free');
const RELEASING = Symbol('releasing');

/** The owner of a lock; FREE when there is no lock, RELEASING while it has no owner (between a release's two steps). */
async function holderOf(lock: string): Promise<{ readonly owner: string } | typeof FREE | typeof RELEASING> {
  try {
    const owner = (await fsp.readdir(lock)).find((name) => OWNER.test(name));
    return owner === undefined ? RELEASING : { owner };
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return FREE;
    throw error;
  }
}

function identityOf(owner: string): ProcessIdentity {
  const [, pid, start] = OWNER.exec(owner) ?? [];
  return { pid: Number(pid), start: start === undefined || start === 'x' ? undefined : Number(start) };
}

/** Frees a dead owner's lock: its file (a name only it had), then the directory if that is empty now. */
async function removeStale(lock: string, owner: string): Promise<void> {
  await removeQuietly(lock, owner);
}

async function releaseAll(held: readonly Held[]): Promise<void> {
  for (const { lock, owner } of [...held].reverse()) await removeQuietly(lock, owner);
}

/** Unlinks `dir/owner`, then removes `dir` unless another owner has renamed its lock onto it meanwhile. */
async function removeQuietly(dir: string, owner: string): Promise<void> {
  for (const step of [() => fsp.unlink(join(dir, owner)), () => fsp.rmdir(dir)]) {
    try {
      await step();
    } catch {
      // Gone already, or (ENOTEMPTY) the next owner's lock now: either way not ours to remove.
    }
  }
}

/** Once per process: removes the staging directories and locks that processes which died left behind; whether there was such a lock. */
async function sweep(dir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return false;
  }
  let dead = false;
  for (const name of names) {
    const staged = STAGED.exec(name)?.[1];
    if (staged !== undefined && !isRunning(identityOf(staged))) await removeQuietly(join(dir, name), staged);
    if (!name.endsWith(LOCK)) continue;
    const holder = await holderOf(join(dir, name)).catch(() => FREE);
    if (typeof holder === 'object' && !isRunning(identityOf(holder.owner))) {
      await removeStale(join(dir, name), holder.owner);
      dead = true;
    }
  }
  return dead;
}

/** The locks of every bridge process of this user, in the one lock directory they share. */
export const userLocks = new CrossProcessLocks();
