/*
 * One file can be reached by two names inside a project (a symbolic link and its target, both
 * source files): a language server then edits it once per name (pyright renames `a.py` and its
 * link `b.py`). The writer writes such a file once; what a call reports (a dry run's list, the
 * files modified and their count) names it once too, so the preview and the write agree.
 */

/** A change to one file, named by the path the service used. */
export interface NamedChange {
  readonly path: string;
  readonly expectedText: string;
  readonly newText: string;
}

export type LinkedChanges<T extends NamedChange> =
  | { readonly ok: true; readonly changes: readonly T[] }
  /** Two names of one file changed differently: writing either would lose the other. */
  | { readonly ok: false; readonly first: string; readonly second: string };

/**
 * The changes with one per file: of the names of one file (by `realPathOf`, every link resolved)
 * whose changes are the same, the file's own name is kept (else the first named); two names
 * changed differently are refused. Order is kept otherwise.
 */
export function onePerFile<T extends NamedChange>(changes: readonly T[], realPathOf: (path: string) => string): LinkedChanges<T> {
  const byFile = new Map<string, T>();
  for (const change of changes) {
    const real = realPathOf(change.path);
    const earlier = byFile.get(real);
    if (earlier === undefined) {
      byFile.set(real, change);
      continue;
    }
    if (earlier.expectedText !== change.expectedText || earlier.newText !== change.newText) {
      return { ok: false, first: earlier.path, second: change.path };
    }
    if (change.path === real) byFile.set(real, change);
  }
  const kept = new Set(byFile.values());
  return { ok: true, changes: changes.filter((change) => kept.has(change)) };
}
