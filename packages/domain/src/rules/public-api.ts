import type { PublicApiChange, PublicApiItem } from '../model/results.js';
import type { PublicExport } from '../ports/symbol-index.js';
import { displayPath } from './paths.js';
import { compareStrings as compare } from './ordering.js';

/**
 * What a rename changes in the workspace packages' public API: every entry point that exports
 * the symbol under the old name (or a member of it, `Square.area`) exports it under the new one
 * afterwards, so importers outside the workspace must change too. An export under another name
 * (`export { total as sum }`) keeps its public name: the rename leaves it as it was.
 */
export function publicApiChanges(root: string, exports: readonly PublicExport[], oldName: string, newName: string): PublicApiChange[] {
  const changes = new Map<string, PublicApiChange>();
  for (const found of exports) {
    const segments = found.exportedName.split('.');
    if (segments.at(-1) !== oldName) continue;
    const change: PublicApiChange = {
      package: found.packageName ?? displayPath(root, found.packageDir),
      entryPoint: found.entryPoint,
      before: found.exportedName,
      after: [...segments.slice(0, -1), newName].join('.'),
    };
    changes.set(`${change.package}\0${change.entryPoint}\0${change.before}`, change);
  }
  return [...changes.values()].sort(
    (a, b) => compare(a.package, b.package) || compare(a.entryPoint, b.entryPoint) || compare(a.before, b.before),
  );
}

/** The changes in one line, as both apps print them: `@mono/shapes "." totalArea → sumOfAreas, …`. */
export function describePublicApi(changes: readonly PublicApiChange[]): string {
  return changes.map((c) => `${c.package} "${c.entryPoint}" ${c.before} → ${c.after}`).join(', ');
}

/** Where entry points export a symbol, once each, by package, entry point and name. */
export function publicApiItems(root: string, exports: readonly PublicExport[]): PublicApiItem[] {
  const items = new Map<string, PublicApiItem>();
  for (const found of exports) {
    const item = {
      package: found.packageName ?? displayPath(root, found.packageDir),
      entryPoint: found.entryPoint,
      exportedName: found.exportedName,
    };
    items.set(`${item.package}\0${item.entryPoint}\0${item.exportedName}`, item);
  }
  return [...items.values()].sort(
    (a, b) => compare(a.package, b.package) || compare(a.entryPoint, b.entryPoint) || compare(a.exportedName, b.exportedName),
  );
}
