import fs from 'node:fs';
import path from 'node:path';
import { sameStat, statOf, type StatSignature } from '@mcp-lsp-bridge/fs-adapter';
import { isRacy } from './racy-window.js';
import type { FileChange } from './workspace-inventory.js';

/** Files of one package announced at most; a package larger than this is announced by its first files (its manifest always). */
const MAX_PACKAGE_FILES = 2_000;

/** The file kinds a compiler reads from a package. */
const PACKAGE_FILE = /\.(?:[mc]?[jt]sx?|json)$/;

interface Listing {
  times: StatSignature;
  observedAt: number;
  entries: string[];
}

interface PackageState {
  manifest: StatSignature | undefined;
  files: string[];
}

/**
 * The packages of the workspace's `node_modules` folders (the root's, and each workspace
 * package's beside its `package.json`), and which were installed, removed or changed since the
 * last look. Listings never walk into `node_modules`, yet a language server that is told of
 * every file change (and reads nothing itself) must hear of a package installed between calls,
 * or its imports stay unresolved. A look costs a stat per `node_modules` folder, per scope
 * folder and per package manifest; a package's files are listed only when it appears, changes
 * its manifest or goes.
 */
export class PackageFolders {
  private readonly listings = new Map<string, Listing>();
  private readonly packages = new Map<string, PackageState>();
  /** Folders listed in the current look; the others are forgotten after it. */
  private readonly visited = new Set<string>();

  /** What changed under the `node_modules` folders of `dirs`; nothing on the first look (`report` false). */
  scan(dirs: Iterable<string>, report: boolean): FileChange[] {
    const changes: FileChange[] = [];
    const seen = new Set<string>();
    this.visited.clear();
    for (const dir of dirs) {
      for (const packageDir of this.packagesOf(path.join(dir, 'node_modules'))) {
        seen.add(packageDir);
        this.check(packageDir, report ? changes : undefined);
      }
    }
    for (const [packageDir, state] of this.packages) {
      if (seen.has(packageDir)) continue;
      this.packages.delete(packageDir);
      if (report)
        changes.push(...state.files.map((file) => ({ path: file, kind: 'deleted' as const })), { path: packageDir, kind: 'deleted' });
    }
    for (const folder of [...this.listings.keys()]) if (!this.visited.has(folder)) this.listings.delete(folder);
    return changes;
  }

  /** Package directories of one `node_modules` folder: `name` and `@scope/name`. */
  private packagesOf(folder: string): string[] {
    const out: string[] = [];
    for (const name of this.entries(folder)) {
      const entry = path.join(folder, name);
      if (name.startsWith('@')) out.push(...this.entries(entry).map((scoped) => path.join(entry, scoped)));
      else out.push(entry);
    }
    return out;
  }

  /** The directory entries (directories or links to them, no dot-entries) of `dir`, listed again only when it changed. */
  private entries(dir: string): string[] {
    this.visited.add(dir);
    const times = statOf(dir);
    if (times?.kind !== 'directory') {
      this.listings.delete(dir);
      return [];
    }
    const known = this.listings.get(dir);
    if (known !== undefined && sameStat(known.times, times) && !isRacy(known.times, known.observedAt)) return known.entries;
    const observedAt = Date.now();
    const entries = readEntries(dir);
    this.listings.set(dir, { times, observedAt, entries });
    return entries;
  }

  private check(packageDir: string, changes: FileChange[] | undefined): void {
    const manifest = statOf(path.join(packageDir, 'package.json'));
    const known = this.packages.get(packageDir);
    if (known !== undefined && sameManifest(known.manifest, manifest)) return;
    const files = packageFiles(packageDir);
    this.packages.set(packageDir, { manifest, files });
    if (changes === undefined) return;
    // A server may watch the folder for the package's directory itself (a failed import's lookup), not for its files.
    if (known === undefined) changes.push({ path: packageDir, kind: 'created' });
    const before = new Set(known?.files ?? []);
    for (const file of files) changes.push({ path: file, kind: before.has(file) ? 'changed' : 'created' });
    const now = new Set(files);
    for (const file of before) if (!now.has(file)) changes.push({ path: file, kind: 'deleted' });
  }
}

function sameManifest(a: StatSignature | undefined, b: StatSignature | undefined): boolean {
  return a === undefined || b === undefined ? a === b : sameStat(a, b);
}

function readEntries(dir: string): string[] {
  let dirents: fs.Dirent[];
  try {
    dirents = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return dirents
    .filter(
      (d) => !d.name.startsWith('.') && (d.isDirectory() || (d.isSymbolicLink() && statOf(path.join(dir, d.name))?.kind === 'directory')),
    )
    .map((d) => d.name)
    .sort();
}

/** The files a compiler may read from a package (nested `node_modules` and dot-folders left out), at most MAX_PACKAGE_FILES. */
function packageFiles(packageDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    let dirents: fs.Dirent[];
    try {
      dirents = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of dirents) {
      if (files.length >= MAX_PACKAGE_FILES) return;
      const full = path.join(dir, d.name);
      if (d.isDirectory()) {
        if (!d.name.startsWith('.') && d.name !== 'node_modules') walk(full);
      } else if (PACKAGE_FILE.test(d.name)) {
        files.push(full);
      }
    }
  };
  const manifest = path.join(packageDir, 'package.json');
  if (statOf(manifest)?.kind === 'file') files.push(manifest);
  walk(packageDir);
  return [...new Set(files)].sort();
}
