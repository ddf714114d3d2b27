import fs from 'node:fs';
import path from 'node:path';
import { minimatch } from 'minimatch';

/**
 * Which files a project's own checker configuration checks, for a project-wide check: pyright's
 * `include` and `exclude` (in `pyrightconfig.json`, else `[tool.pyright]` of `pyproject.toml`, at
 * the workspace root), as `pyright` run in the project checks them. `undefined`: the project
 * says nothing, every file of the language is checked.
 */
export interface CheckerScope {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  /** The file that said so, for messages. */
  readonly configFile: string;
}

export function pyrightScope(root: string): CheckerScope | undefined {
  const json = readText(path.join(root, 'pyrightconfig.json'));
  if (json !== undefined) {
    try {
      const config = JSON.parse(json) as { include?: unknown; exclude?: unknown };
      return scopeOf(config.include, config.exclude, 'pyrightconfig.json');
    } catch {
      // An unreadable config is pyright's to report; every file is checked meanwhile.
      return undefined;
    }
  }
  const toml = readText(path.join(root, 'pyproject.toml'));
  const table = toml === undefined ? undefined : /^\[tool\.pyright\][ \t]*\r?\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1];
  if (table === undefined) return undefined;
  return scopeOf(tomlStrings(table, 'include'), tomlStrings(table, 'exclude'), 'pyproject.toml');
}

function scopeOf(include: unknown, exclude: unknown, configFile: string): CheckerScope | undefined {
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  const included = strings(include);
  const excluded = strings(exclude);
  return included.length === 0 && excluded.length === 0 ? undefined : { include: included, exclude: excluded, configFile };
}

/** The strings of `key = [ "…", '…' ]` in a TOML table's text (arrays may span lines). */
function tomlStrings(table: string, key: string): string[] | undefined {
  const array = new RegExp(`^[ \\t]*${key}[ \\t]*=[ \\t]*\\[([^\\]]*)\\]`, 'm').exec(table)?.[1];
  return array === undefined ? undefined : [...array.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? '');
}

/** Whether the scope checks `file`: below or matched by an `include` entry (all when none), and by no `exclude` entry. */
export function inScope(scope: CheckerScope, root: string, file: string): boolean {
  const relative = path.relative(root, file).split(path.sep).join('/');
  const matches = (entry: string): boolean => {
    const pattern = entry.replace(/^\.\//, '').replace(/\/+$/, '');
    if (pattern === '' || pattern === '.') return true;
    return minimatch(relative, pattern, { dot: true }) || minimatch(relative, `${pattern}/**`, { dot: true });
  };
  return (scope.include.length === 0 || scope.include.some(matches)) && !scope.exclude.some(matches);
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
