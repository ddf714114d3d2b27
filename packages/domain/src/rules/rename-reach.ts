import type { BuildOutputFile, TextEdit, UnreachedPackage } from '../ports/symbol-index.js';
import { compareStrings as compare } from './ordering.js';
import { isInsideRoot } from './paths.js';

export type RenameReach =
  | {
      readonly complete: true;
      /** The edits to write: none in build output. */
      readonly edits: readonly TextEdit[];
      /** The packages whose build output is now older than their source (directories, sorted). */
      readonly rebuild: readonly BuildOutputFile[];
    }
  | { readonly complete: false; readonly unreached: readonly UnreachedPackage[] };

/**
 * The rename-safety invariant across a workspace's packages: a rename updates every reference
 * or refuses, never a part. Build output is never edited: an edit in a package's build output
 * is dropped when the same package's source is edited too (the build regenerates it, so that
 * package needs a rebuild); build output edited while nothing of its package's source is means
 * its source was not found, and the package counts as unreached. A package the service could not
 * search (it may use the symbol and no edit reaches it) refuses the whole rename.
 */
export function renameReach(
  edits: readonly TextEdit[],
  outputs: readonly BuildOutputFile[],
  unreached: readonly UnreachedPackage[],
): RenameReach {
  const outputOf = new Map(outputs.map((o) => [o.path, o]));
  const sourceEdited = (dir: string): boolean => edits.some((e) => !outputOf.has(e.path) && isInsideRoot(dir, e.path));
  const missing = new Map(unreached.map((u) => [u.packageDir, u]));
  const rebuild = new Map<string, BuildOutputFile>();
  for (const edit of edits) {
    const output = outputOf.get(edit.path);
    if (output === undefined) continue;
    if (sourceEdited(output.packageDir)) rebuild.set(output.packageDir, output);
    else if (!missing.has(output.packageDir)) {
      missing.set(output.packageDir, {
        packageDir: output.packageDir,
        packageName: output.packageName,
        reason: 'its build output declares the symbol, and its source could not be found from it',
      });
    }
  }
  if (missing.size > 0) return { complete: false, unreached: [...missing.values()].sort((a, b) => compare(a.packageDir, b.packageDir)) };
  return {
    complete: true,
    edits: edits.filter((e) => !outputOf.has(e.path)),
    rebuild: [...rebuild.values()].sort((a, b) => compare(a.packageDir, b.packageDir)),
  };
}
