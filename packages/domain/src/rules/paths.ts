/**
 * Path rules. POSIX paths only; pure string functions (no `node:path`), so the
 * domain can decide what is inside a workspace without touching the file system.
 * Callers pass real paths (symlinks resolved) wherever a boundary is decided.
 */

export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/');
}

/** What a normal path never holds: a backslash, an empty segment, a `.` or `..` segment. */
const NOT_NORMAL = /\\|\/\/|(?:^|\/)\.{1,2}(?:\/|$)/;

/** Collapses `.`, `..` and repeated separators; `..` never climbs above `/`. */
export function normalizePath(path: string): string {
  // The paths the backends hand over are normal already, and every reference of an answer
  // passes here several times (issue 25: a warm `findReferences` spent more in this function
  // than in placing its references): such a path is its own normal form.
  if (path !== '' && (path === '/' || !path.endsWith('/')) && !NOT_NORMAL.test(path)) return path;
  const absolute = isAbsolutePath(path);
  const out: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(segment);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined === '' ? '.' : joined;
}

/** `base` joined with `path`; an absolute `path` wins. */
export function resolvePath(base: string, path: string): string {
  return normalizePath(isAbsolutePath(path) ? path : `${base}/${path}`);
}

/** Whole-segment containment: `/w/app-evil` is not inside `/w/app`; the root is inside itself. */
export function isInsideRoot(root: string, path: string): boolean {
  const r = normalizePath(root);
  const p = normalizePath(path);
  if (r === '/') return isAbsolutePath(p);
  return p === r || p.startsWith(`${r}/`);
}

/** `path` relative to `root` with `/` separators; only meaningful when inside. */
export function relativeToRoot(root: string, path: string): string {
  const r = normalizePath(root);
  const p = normalizePath(path);
  if (p === r) return '.';
  return r === '/' ? p.slice(1) : p.slice(r.length + 1);
}

export function isInNodeModules(path: string): boolean {
  return normalizePath(path).split('/').includes('node_modules');
}

/**
 * Folders that hold a project's installed dependencies rather than its own code, whatever
 * its language: npm's `node_modules`, a Python virtual environment (`.venv`) and the
 * `site-packages` / `dist-packages` folders packages are installed into. (Dependencies that
 * live outside the workspace, such as Go's module cache, GOROOT or `/usr/include`, are
 * external already by being outside it.)
 */
export const DEPENDENCY_DIRECTORIES: readonly string[] = ['node_modules', '.venv', 'site-packages', 'dist-packages'];

/** Inside one of the dependency folders (whole segments). */
export function isInDependencyDirectory(path: string): boolean {
  return normalizePath(path)
    .split('/')
    .some((segment) => DEPENDENCY_DIRECTORIES.includes(segment));
}

/**
 * The workspace boundary, decided here and nowhere else: a path belongs to the workspace when
 * it is inside the root (whole segments, real paths) and not inside a dependency folder below
 * it. Only such files are searched as the project's own, renamed, written or given node ids;
 * everything else is external (shown by absolute path, never written).
 */
export function isWorkspaceSource(root: string, path: string): boolean {
  return isInsideRoot(root, path) && !isInDependencyDirectory(relativeToRoot(root, path));
}

/**
 * How a path appears in output (BS-001.1): relative to the workspace for project
 * files, absolute for anything external (outside the root or in node_modules).
 */
export function displayPath(root: string, path: string): string {
  return isWorkspaceSource(root, path) ? relativeToRoot(root, path) : normalizePath(path);
}

/** External to the project: outside the workspace or inside a dependency folder. */
export function isExternalPath(root: string, path: string): boolean {
  return !isWorkspaceSource(root, path);
}

/** TypeScript's and JavaScript's extensions: served by every backend, whatever else is configured. */
export const SUPPORTED_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs', '.d.ts'] as const;

/** A file some configured language serves, by its extension (`extensions`: lower case, with the dot). */
export function isSupportedSourceFile(path: string, extensions: readonly string[] = SUPPORTED_EXTENSIONS): boolean {
  const lower = path.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext));
}

/** Declaration files (`.d.ts`, `.d.mts`, `.d.cts`, `.d.<ext>.ts`). */
export function isDeclarationFile(path: string): boolean {
  return /\.d(\.[^./]+)?\.[mc]?ts$/i.test(path);
}

/** In a dependency folder (`node_modules`, `.venv`, `site-packages`…), judged below the root for project files. */
export function isDependencyPath(root: string, path: string): boolean {
  return isInsideRoot(root, path) ? isInDependencyDirectory(relativeToRoot(root, path)) : isInDependencyDirectory(path);
}
