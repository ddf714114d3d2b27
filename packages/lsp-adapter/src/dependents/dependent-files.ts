import fs from 'node:fs';
import path from 'node:path';
import { compareStrings, dependentsOf, type DependencyFacts } from '@mcp-lsp-bridge/domain';
import { cIncludes, goImports, includeNames, notationOf, pythonImports, pythonModuleNames, type ImportNotation } from './import-graph.js';

/** What finding dependents needs of the workspace: its source files and their texts. */
export interface DependentsView {
  readonly root: string;
  /** The workspace's source files of the server's language. */
  readonly files: readonly string[];
  readonly text: (file: string) => string | undefined;
  readonly languageId: (file: string) => string | undefined;
}

/**
 * The workspace's files that depend on one of `edited` (the domain's `dependentsOf`), from what
 * each file's import lines say, by the edited files' language: Go, the files of a package and
 * the files that import it; C and C++, the files that include a file (headers and `.c` files
 * alike); Python, the modules that import a module (a package's `__init__.py` among them).
 */
export async function dependentFiles(view: DependentsView, edited: readonly string[]): Promise<string[]> {
  const byNotation = new Map<ImportNotation, string[]>();
  for (const file of edited) {
    const notation = notationOf(view.languageId(file));
    if (notation !== undefined) byNotation.set(notation, [...(byNotation.get(notation) ?? []), file]);
  }
  // Each notation's answer leaves out the edited files and is sorted; no file has two notations, so only a merge needs sorting.
  const found: string[][] = [];
  for (const [notation, files] of byNotation) {
    const candidates = view.files.filter((file) => notationOf(view.languageId(file)) === notation);
    found.push(await dependentsOf(files, importFacts(view, notation, candidates)));
  }
  const [only, ...others] = found;
  return others.length === 0 ? (only ?? []) : found.flat().sort(compareStrings);
}

function importFacts(view: DependentsView, notation: ImportNotation, files: readonly string[]): DependencyFacts {
  if (notation === 'go') {
    const imports = new Map(files.map((file) => [file, goImports(view.text(file) ?? '')]));
    // Each directory's go.mod, read once for every round.
    const modules: GoModules = new Map();
    return {
      files,
      // A package is its directory: its other files see what an edited one declares without an import.
      importersOf: (targets, candidates) => {
        const dirs = new Set([...targets].map((file) => path.dirname(file)));
        const importPaths = new Set([...dirs].flatMap((dir) => goImportPathOf(view.root, dir, modules) ?? []));
        return candidates.filter(
          (file) => dirs.has(path.dirname(file)) || (imports.get(file) ?? []).some((importPath) => importPaths.has(importPath)),
        );
      },
    };
  }
  if (notation === 'python') {
    const imports = new Map(files.map((file) => [file, pythonImports(view.root, file, view.text(file) ?? '')]));
    return {
      files,
      importersOf: (targets, candidates) => {
        const names = [...targets].flatMap((file) => pythonModuleNames(view.root, file));
        return candidates.filter((file) =>
          (imports.get(file) ?? []).some((name) => names.some((target) => name === target || name.endsWith(`.${target}`))),
        );
      },
    };
  }
  const includes = new Map(files.map((file) => [file, cIncludes(view.text(file) ?? '')]));
  return {
    files,
    importersOf: (targets, candidates) =>
      candidates.filter((file) =>
        (includes.get(file) ?? []).some((include) => [...targets].some((target) => includeNames(include, target))),
      ),
  };
}

/** What a directory's go.mod says: the module it names (`undefined`: none), or `null` when it has no go.mod. */
type GoModules = Map<string, string | undefined | null>;

/** The import path of the package in `dir`: its module's path (the nearest go.mod inside the root) and the directory below it. */
export function goImportPathOf(root: string, dir: string, modules: GoModules = new Map()): string | undefined {
  for (let at = dir; at === root || at.startsWith(`${root}${path.sep}`); at = path.dirname(at)) {
    const module = goModuleIn(at, modules);
    if (module === null) {
      if (at === root) return undefined;
      continue;
    }
    if (module === undefined) return undefined;
    const below = path
      .relative(at, dir)
      .split(path.sep)
      .filter((part) => part !== '');
    return [module, ...below].join('/');
  }
  return undefined;
}

function goModuleIn(dir: string, modules: GoModules): string | undefined | null {
  if (!modules.has(dir)) {
    let text: string | undefined;
    try {
      text = fs.readFileSync(path.join(dir, 'go.mod'), 'utf8');
    } catch {
      text = undefined;
    }
    modules.set(dir, text === undefined ? null : /^\s*module\s+"?([^\s"]+)"?/m.exec(text)?.[1]);
  }
  return modules.get(dir);
}
