import fs from 'node:fs';

/** The inotify watches this process holds now (Linux: the `inotify wd:` lines of each inotify descriptor's fdinfo). */
export function inotifyWatches(): number {
  let count = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    let target = '';
    try {
      target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (target !== 'anon_inode:inotify') continue;
    count += fs
      .readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('inotify wd:')).length;
  }
  return count;
}
