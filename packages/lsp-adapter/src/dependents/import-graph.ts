import path from 'node:path';

/**
 * What a source file imports, by the language's own notation, read from its text alone (the
 * import lines are plain syntax at the top of a file): Go import paths, Python module names
 * (relative ones resolved against the file's package), C/C++ include paths as written.
 */
export type ImportNotation = 'go' | 'python' | 'c';

/** The language whose imports a file's language id reads, if the bridge knows it. */
export function notationOf(languageId: string | undefined): ImportNotation | undefined {
  if (languageId === 'go') return 'go';
  if (languageId === 'python') return 'python';
  if (languageId === 'c' || languageId === 'cpp') return 'c';
  return undefined;
}

const GO_IMPORT_BLOCK = /^\s*import\s*\(([^)]*)\)/gm;
const GO_IMPORT_LINE = /^\s*import\s+(?:[\p{L}_.][\p{L}\p{Nd}_]*\s+)?"([^"]+)"/gmu;
const GO_QUOTED = /"([^"]+)"/g;

/** The import paths a Go file names. */
export function goImports(text: string): string[] {
  const found: string[] = [];
  for (const block of text.matchAll(GO_IMPORT_BLOCK))
    for (const quoted of (block[1] ?? '').matchAll(GO_QUOTED)) found.push(quoted[1] ?? '');
  for (const line of text.matchAll(GO_IMPORT_LINE)) found.push(line[1] ?? '');
  return found;
}

const GO_IMPORT_SPEC = /^\s*(?:import\s+)?([\p{L}_][\p{L}\p{Nd}_]*\s+)?"([^"]+)"/gmu;

/**
 * The names a Go file's imports bind, each with its import path: an import's alias, else the
 * last element of its path without a major-version suffix (`flag`, `errors` for
 * `github.com/pkg/errors`, `yaml` for `gopkg.in/yaml.v3` and `example.com/yaml/v2`), the package
 * name Go's convention gives it. Blank and dot imports bind none.
 */
export function goImportNames(text: string): Map<string, string> {
  const names = new Map<string, string>();
  const specs: string[] = [];
  for (const block of text.matchAll(GO_IMPORT_BLOCK)) specs.push(block[1] ?? '');
  for (const line of text.matchAll(/^\s*import\s+[^(\n]*$/gm)) specs.push(line[0]);
  for (const spec of specs)
    for (const [, alias, importPath = ''] of spec.matchAll(GO_IMPORT_SPEC)) {
      const elements = importPath.split('/');
      const last = /^v\d+$/.test(elements.at(-1) ?? '') && elements.length > 1 ? elements.at(-2) : elements.at(-1);
      const name = alias?.trim() ?? last?.replace(/\.v\d+$/, '');
      if (name !== undefined && name !== '_') names.set(name, importPath);
    }
  return names;
}

const PY_IMPORT = /^[ \t]*import[ \t]+([\w. \t,]+)/gm;
const PY_FROM = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)/gm;

/**
 * The modules a Python file imports, as absolute dotted names: `import a.b` names `a.b` (and `a`),
 * `from a import b` names `a` and `a.b` (b may be a module), and a relative import is resolved
 * against the file's own package (its directory, relative to `root`).
 */
export function pythonImports(root: string, file: string, text: string): string[] {
  const found: string[] = [];
  const addWithParents = (name: string): void => {
    const parts = name.split('.').filter((part) => part !== '');
    for (let i = 1; i <= parts.length; i++) found.push(parts.slice(0, i).join('.'));
  };
  for (const match of text.matchAll(PY_IMPORT)) {
    for (const item of (match[1] ?? '').split(',')) addWithParents(item.trim().split(/\s+/)[0] ?? '');
  }
  const packageParts = path
    .relative(root, path.dirname(file))
    .split(path.sep)
    .filter((part) => part !== '');
  for (const match of text.matchAll(PY_FROM)) {
    const spec = match[1] ?? '';
    const dots = /^\.*/.exec(spec)?.[0].length ?? 0;
    const rest = spec.slice(dots);
    const base = dots === 0 ? rest : [...packageParts.slice(0, packageParts.length - (dots - 1)), ...(rest === '' ? [] : [rest])].join('.');
    addWithParents(base);
    for (const item of (match[2] ?? '').replace(/[()\\]/g, ' ').split(',')) {
      const name = item.trim().split(/\s+/)[0] ?? '';
      if (/^\w+$/.test(name)) found.push(base === '' ? name : `${base}.${name}`);
    }
  }
  return found;
}

/** Every dotted name a Python module may be imported by: its path below the root and below each of its ancestors (a `src` layout). */
export function pythonModuleNames(root: string, file: string): string[] {
  const relative = path.relative(root, file).replace(/\.pyi?$/, '');
  const parts = relative.split(path.sep).filter((part) => part !== '');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  const names: string[] = [];
  for (let i = 0; i < parts.length; i++) names.push(parts.slice(i).join('.'));
  return names.filter((name) => name !== '');
}

const C_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*[<"]([^>"\n]+)[>"]/gm;

/** The paths a C or C++ file includes, as written. */
export function cIncludes(text: string): string[] {
  return [...text.matchAll(C_INCLUDE)].map((match) => match[1] ?? '');
}

/** Whether `include` (as written in an `#include`) may name `file`: its path ends with the include's segments. */
export function includeNames(include: string, file: string): boolean {
  const wanted = include.split('/').filter((part) => part !== '' && part !== '.');
  const have = file.split(path.sep);
  if (wanted.length === 0 || wanted.length > have.length) return false;
  return wanted.every((part, i) => have[have.length - wanted.length + i] === part);
}
