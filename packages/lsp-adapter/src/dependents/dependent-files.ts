import fs from 'node:fs';
import path from 'node:path';
import { cIncludes, goImports, includeNames, notationOf, pythonImports, pythonModuleNames } from './import-graph.js';

/** What finding dependents needs of the workspace: its source files and their texts. */
export interface DependentsView {
  readonly root: string;
  /** The workspace's source files of the server's language. */
  readonly files: readonly string[];
  readonly text: (file: string) => string | undefined;
  readonly languageId: (file: string) => string | undefined;
}

/**
 * The workspace's files that depend on one of `edited` and are not among them, which a change of
 * `edited` can break without editing them: Go, the other files of an edited package and the
 * files of the packages that import one, directly or through packages that import them; C and C++, the files that include an edited file
 * (headers and `.c` files alike), transitively; Python, the modules that import an edited module,
 * directly or through modules and packages (`__init__.py`) that import it. Read from the import lines alone:
 * a file that only seems to depend costs a check, never a wrong answer.
 */
export function dependentFiles(view: DependentsView, edited: readonly string[]): string[] {
  const editedSet = new Set(edited);
  const found = new Set<string>();
  const byNotation = new Map<string, string[]>();
  for (const file of edited) {
    const notation = notationOf(view.languageId(file));
    if (notation !== undefined) byNotation.set(notation, [...(byNotation.get(notation) ?? []), file]);
  }
  for (const [notation, files] of byNotation) {
    const candidates = view.files.filter((file) => notationOf(view.languageId(file)) === notation);
    const more =
      notation === 'go'
        ? goDependents(view, candidates, files)
        : notation === 'python'
          ? pythonDependents(view, candidates, files)
          : cDependents(view, candidates, files);
    for (const file of more) if (!editedSet.has(file)) found.add(file);
  }
  return [...found].sort();
}

function goDependents(view: DependentsView, candidates: readonly string[], edited: readonly string[]): string[] {
  // A package's types flow on through the packages that import it (`var v struct{ A int } = b.G()`
  // breaks two imports away when a field of G's result type is renamed): importers, transitively.
  const dirs = new Set(edited.map((file) => path.dirname(file)));
  const importPaths = new Set<string>();
  const imports = new Map(candidates.map((file) => [file, goImports(view.text(file) ?? '')]));
  const found = new Set<string>();
  for (let reached = [...dirs]; reached.length > 0;) {
    for (const importPath of reached.map((dir) => goImportPathOf(view.root, dir)))
      if (importPath !== undefined) importPaths.add(importPath);
    reached = [];
    for (const [file, paths] of imports) {
      if (found.has(file) || !(dirs.has(path.dirname(file)) || paths.some((p) => importPaths.has(p)))) continue;
      found.add(file);
      if (!dirs.has(path.dirname(file))) {
        dirs.add(path.dirname(file));
        reached.push(path.dirname(file));
      }
    }
  }
  return [...found];
}

/** The import path of the package in `dir`: its module's path (the nearest go.mod inside the root) and the directory below it. */
function goImportPathOf(root: string, dir: string): string | undefined {
  for (let at = dir; at === root || at.startsWith(`${root}${path.sep}`); at = path.dirname(at)) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(at, 'go.mod'), 'utf8');
    } catch {
      if (at === root) return undefined;
      continue;
    }
    const module = /^\s*module\s+"?([^\s"]+)"?/m.exec(text)?.[1];
    if (module === undefined) return undefined;
    const below = path
      .relative(at, dir)
      .split(path.sep)
      .filter((part) => part !== '');
    return [module, ...below].join('/');
  }
  return undefined;
}

function pythonDependents(view: DependentsView, candidates: readonly string[], edited: readonly string[]): string[] {
  const targets = new Set(edited.flatMap((file) => pythonModuleNames(view.root, file)));
  const found = new Set<string>();
  const imports = new Map(candidates.map((file) => [file, pythonImports(view.root, file, view.text(file) ?? '')]));
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, names] of imports) {
      if (found.has(file) || !names.some((name) => [...targets].some((target) => name === target || name.endsWith(`.${target}`)))) continue;
      found.add(file);
      // Its importers depend on it in turn: a package passes an edited module on (`from pkg import f`),
      // and any module passes on the types of what it returns (`v: Shape = b.get()`, a TypedDict).
      for (const name of pythonModuleNames(view.root, file)) targets.add(name);
      grew = true;
    }
  }
  return [...found];
}

function cDependents(view: DependentsView, candidates: readonly string[], edited: readonly string[]): string[] {
  const reached = new Set(edited);
  const includes = new Map(candidates.map((file) => [file, cIncludes(view.text(file) ?? '')]));
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, named] of includes) {
      if (reached.has(file) || !named.some((include) => [...reached].some((target) => includeNames(include, target)))) continue;
      reached.add(file);
      grew = true;
    }
  }
  return [...reached];
}
