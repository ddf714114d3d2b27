import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The open file descriptors of a process (Linux /proc). */
export function openDescriptors(pid: number): string[] {
  const out: string[] = [];
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      out.push(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      // Closed while we looked.
    }
  }
  return out;
}

/** The inotify watches a process holds: the `inotify wd:` lines of each of its inotify descriptors. */
export function inotifyWatches(pid: number): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target = '';
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    if (target !== 'anon_inode:inotify') continue;
    count += readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('inotify wd:')).length;
  }
  return count;
}
