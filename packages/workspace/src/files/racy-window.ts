/**
 * The racy-window rule, for every cache of this package that trusts a stat: a file or
 * directory whose mtime (or ctime) lies this close to the moment we last looked may change
 * again without its stat changing (coarse timestamps: jiffies on Linux, 2 s on FAT). Such a
 * path is checked by content (a file) or listed again (a directory) on every look, as git
 * does for its index.
 */
export const RACY_WINDOW_MS = 2000;

/** The part of a stat the rule reads. */
export interface ChangeTimes {
  readonly mtimeMs: number;
  readonly ctimeMs: number;
}

/** Whether `times`, seen at `observedAt` (taken before the stat), cannot be trusted to show a later change. */
export function isRacy(times: ChangeTimes, observedAt: number): boolean {
  return Math.max(times.mtimeMs, times.ctimeMs) >= observedAt - RACY_WINDOW_MS;
}
