import * as fs from 'node:fs';

/** What says a file changed without reading it: kind, times, size and inode. */
export interface StatSignature {
  readonly kind: 'file' | 'directory' | 'other';
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly size: number;
  readonly ino: number;
}

/** The signature of a path now; `undefined` when it does not exist or cannot be stat'ed. */
export function statOf(file: string): StatSignature | undefined {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (stat === undefined) return undefined;
  const kind = stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'other';
  return { kind, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, size: stat.size, ino: stat.ino };
}

export function sameStat(a: StatSignature, b: StatSignature): boolean {
  return a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size && a.ino === b.ino && a.kind === b.kind;
}
