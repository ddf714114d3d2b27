import { linkSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { removeFile } from './daemon-paths.js';
import { processAlive, processStart } from './process-info.js';

/** Who holds a start lock: a process, named so that a reused pid is not taken for it. */
export interface LockHolder {
  readonly pid: number;
  readonly processStart: number | undefined;
}

export function thisProcess(): LockHolder {
  return { pid: process.pid, processStart: processStart(process.pid) };
}

export type LockAttempt = { readonly acquired: true } | { readonly acquired: false; readonly holder: LockHolder };

/**
 * The start lock of one background server's key: a file in the private runtime directory
 * that names the process starting the server. Whoever holds it may look at the socket,
 * remove a dead server's files, and start a server; everyone else waits for it. It is created
 * whole (written aside, then hard-linked into place, which fails if it exists), so it always
 * names its holder; a lock whose holder has died is stale, and is taken over.
 */
export function tryLock(path: string, holder: LockHolder = thisProcess()): LockAttempt {
  for (let attempt = 0; attempt < 5; attempt++) {
    const aside = `${path}.${holder.pid}.new`;
    writeFileSync(aside, JSON.stringify(holder), { mode: 0o600 });
    try {
      linkSync(aside, path);
      return { acquired: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      removeFile(aside);
    }
    const current = readHolder(path);
    // Released while we looked: try again.
    if (current === undefined) continue;
    if (processAlive(current.pid, current.processStart)) return { acquired: false, holder: current };
    takeOver(path, current, holder);
  }
  // Five rounds lost to other starters: whoever won holds it.
  const current = readHolder(path);
  return current === undefined ? { acquired: false, holder } : { acquired: false, holder: current };
}

/**
 * Names another process as the holder: the starter hands the lock to the server it spawned,
 * which releases it once it listens (or dies, and so leaves it stale).
 */
export function handOver(path: string, to: LockHolder): void {
  const aside = `${path}.${process.pid}.handover`;
  writeFileSync(aside, JSON.stringify(to), { mode: 0o600 });
  renameSync(aside, path);
}

/** Releases the lock if `holder` still holds it. */
export function releaseLock(path: string, holder: LockHolder = thisProcess()): void {
  const current = readHolder(path);
  if (current !== undefined && current.pid === holder.pid && current.processStart === holder.processStart) removeFile(path);
}

export function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, processStart: typeof parsed.processStart === 'number' ? parsed.processStart : undefined };
  } catch {
    return undefined;
  }
}

/**
 * Removes a stale lock, and only it: the file is first moved aside (one rename wins), then
 * checked to be the dead holder's. Had another starter already replaced it with a live lock,
 * that lock is put back. (Only three starters interleaving within microseconds around a
 * holder that died while starting could still end with two holders; the server's own check
 * of the socket before it listens then keeps the second from replacing a live server.)
 */
function takeOver(path: string, dead: LockHolder, by: LockHolder): void {
  const aside = `${path}.${by.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved !== undefined && (moved.pid !== dead.pid || moved.processStart !== dead.processStart)) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone took it meanwhile: theirs stands.
    }
  }
  removeFile(aside);
}
