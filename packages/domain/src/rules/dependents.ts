import { compareStrings } from './ordering.js';

/**
 * What deciding which files an edit can break needs of a backend: the files that could depend on
 * an edited one, which of them import a given set of files (the language's own import notion: a
 * TypeScript module reference or `/// <reference path>`, a Go package, a Python module, a C
 * `#include`), and, where the language has them, which files declare globally.
 */
export interface DependencyFacts {
  /** Every file that may be a dependent: the workspace's files of the edited files' language. */
  readonly files: readonly string[];
  /** Among `candidates`, the files that depend directly on one of `targets` (import one, or are in its Go package). */
  readonly importersOf: (targets: ReadonlySet<string>, candidates: readonly string[]) => readonly string[] | Promise<readonly string[]>;
  /** Whether what `file` declares is seen by every file without an import (a TypeScript script, `declare global`). */
  readonly isGlobal?: (file: string) => boolean;
}

/**
 * The files an edit of `edited` can break without editing them: those that depend on an edited
 * file, directly or through files that depend on it in turn, since an edit's types flow on
 * through inference (`const v: { depth: number } = get()` breaks two imports away when `get`'s
 * result type loses `depth`; a Go struct type, a Python `TypedDict` alike). When a reached file's
 * declarations are global, every file depends on it. Never the edited files themselves; sorted.
 * Read from imports alone: a file that only seems to depend costs a check, never a wrong answer.
 */
export async function dependentsOf(edited: readonly string[], facts: DependencyFacts): Promise<string[]> {
  const editedFiles = new Set(edited);
  const seen = new Set(edited);
  const found: string[] = [];
  for (let targets = new Set(edited); targets.size > 0;) {
    if (facts.isGlobal !== undefined && [...targets].some(facts.isGlobal)) {
      return facts.files.filter((file) => !editedFiles.has(file)).sort(compareStrings);
    }
    const candidates = facts.files.filter((file) => !seen.has(file));
    if (candidates.length === 0) break;
    const next = new Set((await facts.importersOf(targets, candidates)).filter((file) => !seen.has(file)));
    for (const file of next) {
      seen.add(file);
      found.push(file);
    }
    targets = next;
  }
  return found.sort(compareStrings);
}
