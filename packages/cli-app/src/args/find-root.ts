import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
