import { readdirSync, readFileSync } from 'node:fs';

/**
 * When process `pid` started, in clock ticks since boot (field 22 of `/proc/<pid>/stat`):
 * with the pid, it names one process even after the pid is reused. `undefined` where there
 * is no `/proc`, or no such process.
 */
export function processStart(pid: number): number | undefined {
  const fields = statFields(pid);
  const start = fields === undefined ? undefined : Number(fields[19]);
  return start !== undefined && Number.isFinite(start) ? start : undefined;
}

/** Whether `pid` is a running process (not a zombie), and the same one as when `start` was read. */
export function processAlive(pid: number, start: number | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    // ESRCH: gone; EPERM: another user's, so not the one of ours that had this pid.
    return false;
  }
  const fields = statFields(pid);
  if (fields === undefined) return start === undefined;
  if (fields[0] === 'Z') return false;
  return start === undefined || Number(fields[19]) === start;
}

export interface ProcessMemory {
  readonly pid: number;
  /** The program: the executable's name and its first arguments. */
  readonly command: string;
  /** Resident set size, bytes. */
  readonly rssBytes: number;
}

/**
 * The resident memory of `pid` and of every process it started, directly or not (a
 * background server's language servers), from `/proc`. Empty where there is none.
 */
export function memoryOfTree(pid: number): ProcessMemory[] {
  const parents = new Map<number, number[]>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    if (fields === undefined) continue;
    const ppid = Number(fields[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const found: ProcessMemory[] = [];
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const rss = rssOf(next);
    if (rss !== undefined) found.push({ pid: next, command: commandOf(next), rssBytes: rss });
    queue.push(...(parents.get(next) ?? []));
  }
  return found;
}

/** The fields of `/proc/<pid>/stat` after the command name (which may hold spaces): state first. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    const parts = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((part) => part !== '');
    return parts
      .slice(0, 3)
      .map((part) => part.split('/').pop() ?? part)
      .join(' ');
  } catch {
    return '';
  }
}
