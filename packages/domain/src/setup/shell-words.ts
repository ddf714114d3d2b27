/** A word as a POSIX shell reads it back unchanged: bare when it is plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `command` run in `dir`, as one line a user can paste. */
export function inDirectory(dir: string, command: string): string {
  return `cd ${shellWord(dir)} && ${command}`;
}

/** The last segment of a path (`/a/b` → `b`). */
export function baseName(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments[segments.length - 1] ?? '';
}

/** The directory of a root-relative or absolute path (`a/b/go.mod` → `a/b`, `go.mod` → `.`). */
export function directoryOf(path: string): string {
  const cut = path.lastIndexOf('/');
  if (cut < 0) return '.';
  return cut === 0 ? '/' : path.slice(0, cut);
}
