/**
 * Path rules. POSIX paths only; pure string functions (no `node:path`), so the
 * domain can decide what is inside a workspace without touching the file system.
 * Callers pass real paths (symlinks resolved) wherever a boundary is decided.
 */

export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/');
}

/** Collapses `.`, `..` and repeated separators; `..` never climbs above `/`. */
export function normalizePath(path: string): string {
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
 * The workspace boundary, decided here and nowhere else: a path belongs to the workspace when
 * it is inside the root (whole segments, real paths) and not inside a dependency folder below
 * it. Only such files are searched as the project's own, renamed, written or given node ids;
 * everything else is external (shown by absolute path, never written).
 */
export function isWorkspaceSource(root: string, path: string): boolean {
  return isInsideRoot(root, path) && !isInNodeModules(relativeToRoot(root, path));
}

/**
 * How a path appears in output (BS-001.1): relative to the workspace for project
 * files, absolute for anything external (outside the root or in node_modules).
 */
export function displayPath(root: string, path: string): string {
  return isWorkspaceSource(root, path) ? relativeToRoot(root, path) : normalizePath(path);
}

/** External to the project: outside the workspace or inside a node_modules folder. */
export function isExternalPath(root: string, path: string): boolean {
  return !isWorkspaceSource(root, path);
}

export const SUPPORTED_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs', '.d.ts'] as const;

export function isSupportedSourceFile(path: string): boolean {
  const lower = path.toLowerCase();
  return SUPPORTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Declaration files (`.d.ts`, `.d.mts`, `.d.cts`, `.d.<ext>.ts`). */
export function isDeclarationFile(path: string): boolean {
  return /\.d(\.[^./]+)?\.[mc]?ts$/i.test(path);
}

/** In a dependency: a `node_modules` folder, judged below the root for project files. */
export function isDependencyPath(root: string, path: string): boolean {
  return isInsideRoot(root, path) ? isInNodeModules(relativeToRoot(root, path)) : isInNodeModules(path);
}
