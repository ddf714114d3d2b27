import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { locationFile } from './location.js';

/**
 * What marks the root of a project, nearest first: TypeScript's and JavaScript's configs, each
 * built-in language's (Go's module, Python's project files, a C/C++ compilation database, Rust's
 * crate), then a repository.
 */
export const ROOT_MARKERS = [
  ...['tsconfig.json', 'jsconfig.json', 'package.json', 'go.mod', 'pyproject.toml', 'setup.cfg', 'setup.py'],
  ...['compile_commands.json', 'compile_flags.txt', 'Cargo.toml', '.git'],
] as const;

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

/**
 * `--root` (relative to `cwd`), else the nearest project marker upwards from the file named
 * first (else the current directory); a real path, as results are relative to it.
 */
export function rootOf(given: string | undefined, cwd: string, positionals: readonly string[] = []): string {
  const root = given === undefined ? findRoot(rootSearchStart(positionals, cwd)) : resolve(cwd, given);
  return existsSync(root) ? realpathSync(root) : root;
}

/**
 * Where the search for the default root starts: the current directory, unless the file a
 * command names first (`../svc/geom.go:3:5`, `/w/lib/mod.py`) lies outside it: then its
 * directory, so a file of another project is answered in its own. (A file below the current
 * directory keeps the current directory's root: a monorepo's packages answer together.)
 */
export function rootSearchStart(positionals: readonly string[], cwd: string, isFile: (path: string) => boolean = isRegularFile): string {
  const first = positionals[0];
  if (first === undefined) return cwd;
  // Not parsed here: a malformed position is the command's usage error, with the command's name.
  const file = locationFile(first) ?? first;
  const path = resolve(cwd, file);
  const inside = path.startsWith(cwd.endsWith(sep) ? cwd : `${cwd}${sep}`);
  return !inside && isFile(path) ? dirname(path) : cwd;
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
