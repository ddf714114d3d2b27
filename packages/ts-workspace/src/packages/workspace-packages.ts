import { isWorkspaceSource } from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import type { FileListing, FileStore } from '@mcp-lsp-bridge/workspace';

/** A package of the workspace: a directory with a package.json (or an Nx project.json) inside the root, not in node_modules. */
export interface WorkspacePackage {
  /** Its package.json `name` (Nx: project.json `name`); what consumers import it by. */
  readonly name: string | undefined;
  /** Real absolute path of its directory. */
  readonly dir: string;
  /** The names it depends on: dependencies, devDependencies, peerDependencies, optionalDependencies. */
  readonly dependencies: ReadonlySet<string>;
  /** The declaration files its package.json names for consumers (`types`, `typings`, `exports`), absolute. */
  readonly typesEntries: readonly string[];
  /** Its public entry points: each `exports` subpath (`.` for `types`/`main` without `exports`) and the files it names, absolute. */
  readonly entryPoints: readonly EntryPoint[];
}

export interface EntryPoint {
  /** `.`, `./sizes`. */
  readonly subpath: string;
  /** Every file a condition names (`types`, `development`, `default`…), absolute. */
  readonly targets: readonly string[];
}

const MANIFESTS = ['package.json', 'project.json'];
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * The workspace's packages, whatever declares them (pnpm-workspace.yaml, `workspaces` in
 * package.json, Nx, Turborepo): each of those lists directories that hold a package.json or a
 * project.json, so the manifests themselves are what is read, with no glob of any tool's
 * format to follow. A single-package project is a workspace of one package.
 */
export function workspacePackages(files: FileStore, root: string, listing: FileListing): WorkspacePackage[] {
  const byDir = new Map<
    string,
    { name: string | undefined; dependencies: Set<string>; typesEntries: string[]; entryPoints: EntryPoint[] }
  >();
  for (const file of listing.files()) {
    const base = path.basename(file);
    if (!MANIFESTS.includes(base) || !isWorkspaceSource(root, file)) continue;
    const manifest = readJson(files, file);
    if (manifest === undefined) continue;
    const dir = path.dirname(file);
    const entry = byDir.get(dir) ?? { name: undefined, dependencies: new Set<string>(), typesEntries: [], entryPoints: [] };
    // package.json names the package; a project.json name only when there is none.
    if (typeof manifest['name'] === 'string' && (base === 'package.json' || entry.name === undefined)) entry.name = manifest['name'];
    for (const field of DEPENDENCY_FIELDS) {
      const deps = manifest[field];
      if (typeof deps === 'object' && deps !== null) for (const name of Object.keys(deps)) entry.dependencies.add(name);
    }
    if (base === 'package.json') {
      for (const entryPoint of declarationEntries([manifest['types'], manifest['typings'], manifest['exports']])) {
        entry.typesEntries.push(path.resolve(dir, entryPoint));
      }
      entry.entryPoints = entryPointsOf(manifest).map((e) => ({ subpath: e.subpath, targets: e.targets.map((t) => path.resolve(dir, t)) }));
    }
    byDir.set(dir, entry);
  }
  return [...byDir].map(([dir, entry]) => ({ dir, ...entry })).sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
}

/** The innermost package holding `file`. */
export function packageOf(packages: readonly WorkspacePackage[], file: string): WorkspacePackage | undefined {
  let best: WorkspacePackage | undefined;
  for (const pkg of packages) {
    if ((file === pkg.dir || file.startsWith(`${pkg.dir}/`)) && (best === undefined || pkg.dir.length > best.dir.length)) best = pkg;
  }
  return best;
}

/**
 * `files` grouped by the innermost package holding each (as `packageOf` decides), in one walk:
 * each directory is looked up once, up to the package that holds it or the file system's root.
 */
export function filesByPackage(packages: readonly WorkspacePackage[], files: Iterable<string>): Map<WorkspacePackage, string[]> {
  const atDir = new Map(packages.map((pkg) => [pkg.dir, pkg]));
  const ofDir = new Map<string, WorkspacePackage | undefined>();
  const holding = (dir: string): WorkspacePackage | undefined => {
    if (ofDir.has(dir)) return ofDir.get(dir);
    const parent = path.dirname(dir);
    const found = atDir.get(dir) ?? (parent === dir ? undefined : holding(parent));
    ofDir.set(dir, found);
    return found;
  };
  const grouped = new Map<WorkspacePackage, string[]>();
  for (const file of files) {
    const pkg = holding(path.dirname(file));
    if (pkg === undefined) continue;
    const list = grouped.get(pkg);
    if (list === undefined) grouped.set(pkg, [file]);
    else list.push(file);
  }
  return grouped;
}

/** The packages that depend on `pkg` by name (its consumers). */
export function dependentsOf(packages: readonly WorkspacePackage[], pkg: WorkspacePackage): WorkspacePackage[] {
  const name = pkg.name;
  return name === undefined ? [] : packages.filter((other) => other !== pkg && other.dependencies.has(name));
}

/**
 * The entry points a package.json declares: `exports` as a string, as conditions, or as
 * subpaths (patterns with `*` are left out: they name no one file); without `exports`,
 * `types`, `typings`, `module` and `main` are `.`.
 */
function entryPointsOf(manifest: Record<string, unknown>): { subpath: string; targets: string[] }[] {
  const exports = manifest['exports'];
  const isSubpaths =
    typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'));
  const pairs: [string, unknown][] =
    exports === undefined || exports === null
      ? [['.', ['types', 'typings', 'module', 'main'].map((field) => manifest[field])]]
      : isSubpaths
        ? Object.entries(exports as Record<string, unknown>)
        : [['.', exports]];
  return pairs
    .filter(([subpath]) => subpath.startsWith('.') && !subpath.includes('*'))
    .map(([subpath, value]) => ({ subpath, targets: stringsIn(value) }))
    .filter((e) => e.targets.length > 0);
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

/** Every declaration file path (`*.d.ts`, `*.d.mts`, `*.d.cts`) among the values, nested `exports` conditions included. */
function declarationEntries(values: readonly unknown[]): string[] {
  return stringsIn(values).filter((value) => /\.d\.[mc]?ts$/.test(value));
}

function readJson(files: FileStore, file: string): Record<string, unknown> | undefined {
  const text = files.text(file);
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
