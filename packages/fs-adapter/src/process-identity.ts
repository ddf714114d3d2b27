import { readFileSync } from 'node:fs';
import { errnoCode } from './fs-operations.js';

/**
 * Who holds a lock: a process named by its pid and when it started, so that a lock left by a
 * process that died is never mistaken for one of a later process given the same pid (containers
 * reuse small pids at every start). On Linux the start is the kernel's own (`/proc/<pid>/stat`,
 * clock ticks since boot), which any process can read for any other; elsewhere only a process's
 * own start is known, and another pid counts as alive while it exists.
 */
export interface ProcessIdentity {
  readonly pid: number;
  /** `/proc` start ticks on Linux, else `undefined` (then only the pid is compared). */
  readonly start: number | undefined;
}

/** This process. */
export const SELF: ProcessIdentity = { pid: process.pid, start: startOf(process.pid) };

/** Whether the process `who` names is still running (the same process, not a later one with its pid). */
export function isRunning(who: ProcessIdentity): boolean {
  // Our own locks are never taken for stale, whichever thread of this process holds them.
  if (who.pid === SELF.pid && who.start === SELF.start) return true;
  if (who.start !== undefined) {
    const start = startOf(who.pid);
    if (start !== undefined) return start === who.start;
    if (process.platform === 'linux') return false;
  }
  try {
    process.kill(who.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return errnoCode(error) === 'EPERM';
  }
}

/** The start of `pid` in clock ticks since boot (field 22 of `/proc/<pid>/stat`); `undefined` when unknown or gone. */
function startOf(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[19]);
  return Number.isInteger(start) ? start : undefined;
}
