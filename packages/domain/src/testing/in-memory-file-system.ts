import type { FileSystem, PathKind } from '../ports/file-system.js';
import { normalizePath, resolvePath } from '../rules/paths.js';

/** A file system of plain maps: files, directories and symlinks, for use-case tests. */
export class InMemoryFileSystem implements FileSystem {
  readonly files = new Map<string, string>();
  readonly directories = new Set<string>(['/']);
  readonly links = new Map<string, string>();

  addFile(path: string, text: string): this {
    const p = normalizePath(path);
    this.files.set(p, text);
    this.addDirectory(p.slice(0, p.lastIndexOf('/')) || '/');
    return this;
  }

  addDirectory(path: string): this {
    let p = normalizePath(path);
    while (p !== '/' && p !== '') {
      this.directories.add(p);
      p = p.slice(0, p.lastIndexOf('/')) || '/';
    }
    return this;
  }

  addSymlink(path: string, target: string): this {
    this.links.set(normalizePath(path), target);
    return this;
  }

  realPath(path: string): Promise<string | undefined> {
    return Promise.resolve(this.resolve(path, 0));
  }

  kindOf(path: string): Promise<PathKind | undefined> {
    const real = this.resolve(path, 0);
    if (real === undefined) return Promise.resolve(undefined);
    if (this.files.has(real)) return Promise.resolve('file');
    return Promise.resolve(this.directories.has(real) ? 'directory' : undefined);
  }

  private resolve(path: string, depth: number): string | undefined {
    if (depth > 40) return undefined;
    const segments = normalizePath(path).split('/').filter(Boolean);
    let current = '';
    for (const segment of segments) {
      current = `${current}/${segment}`;
      const link = this.links.get(current);
      if (link !== undefined) {
        const resolved = this.resolve(resolvePath(current.slice(0, current.lastIndexOf('/')) || '/', link), depth + 1);
        if (resolved === undefined) return undefined;
        current = resolved;
      }
    }
    const real = current || '/';
    return this.files.has(real) || this.directories.has(real) ? real : undefined;
  }
}
