import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** What marks the root of a project, nearest first. */
export const ROOT_MARKERS = ['tsconfig.json', 'jsconfig.json', 'package.json', '.git'] as const;

/**
 * The default `--root`: the nearest directory, from `start` upwards, holding one of
 * `ROOT_MARKERS`; `start` itself when there is none.
 */
export function findRoot(start: string, exists: (path: string) => boolean = existsSync): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (ROOT_MARKERS.some((marker) => exists(join(dir, marker)))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/** `--root` (relative to `cwd`), else the nearest project marker upwards; a real path, as results are relative to it. */
export function rootOf(given: string | undefined, cwd: string): string {
  const root = given === undefined ? findRoot(cwd) : resolve(cwd, given);
  return existsSync(root) ? realpathSync(root) : root;
}
