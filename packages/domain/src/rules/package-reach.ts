import type { PackageReachFacts, UnreachedPackage } from '../ports/symbol-index.js';

/**
 * Which consumer packages a cross-package query (references, a rename) could not search: those
 * that may use the symbol and that no result reached, while the declaration could not be found in
 * the declaring package's build output, which they import it through. Built, a package may use it
 * when one of its files spells a name; unbuilt, only a file that imports a name from the package by
 * its package name can (its compiler does not resolve the import before the first build, unless it
 * resolves to the source, when its files are searched: a consumer whose imports of the package
 * all resolve to its source and that holds no result does not use the symbol).
 */
export function unreachedPackages(facts: PackageReachFacts | undefined): UnreachedPackage[] {
  if (facts === undefined || facts.foundInOutput) return [];
  const declaring = facts.packageName ?? 'the declaring package';
  return facts.consumers
    .filter((consumer) => !consumer.reached && !consumer.importsSource && (facts.built ? consumer.spellsName : consumer.importsName))
    .map((consumer) => ({
      packageDir: consumer.packageDir,
      packageName: consumer.packageName,
      reason: facts.built
        ? `it imports ${declaring} through its build output, where the declaration could not be found ` +
          '(no declaration map and no rootDir/outDir that leads to it, or output older than the source)'
        : `it imports ${declaring} by name, and that package has no build output yet ` +
          '(its compiler cannot resolve the import before the first build)',
    }));
}
