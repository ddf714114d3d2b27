import fs from 'node:fs';
import path from 'node:path';
import { MAX_WORKSPACE_DIRECTORIES } from '@mcp-lsp-bridge/domain';
import { sameStat, statOf, type StatSignature } from '@mcp-lsp-bridge/fs-adapter';
import { contentDigest } from './content-digest.js';
import { DirTree } from './dir-tree.js';
import { PackageFolders } from './package-folders.js';
import { isRacy } from './racy-window.js';

export type FileChangeKind = 'created' | 'changed' | 'deleted';

export interface FileChange {
  readonly path: string;
  readonly kind: FileChangeKind;
}

interface FileEntry {
  stat: StatSignature;
  observedAt: number;
  /** Content digest, kept while the file is racy. */
  digest: string | undefined;
}

/**
 * The files under a workspace root as last seen, and what changed since: the listing is a
 * `DirTree` (the directory-skip rule and symlink policy of `readDirectoryListing`), every
 * known file is stat'ed, and racy files are compared by content. For a backend that must
 * tell someone else (a language server) what changed on disk.
 */
export class WorkspaceInventory {
  private readonly tree: DirTree;
  private readonly files = new Map<string, FileEntry>();
  private readonly packages = new PackageFolders();
  private scans = 0;

  constructor(
    readonly root: string,
    maxDirectories = MAX_WORKSPACE_DIRECTORIES,
  ) {
    this.tree = new DirTree([{ path: root, recursive: true }], maxDirectories);
  }

  /** The listing as of the last scan (for config discovery). */
  get listing(): DirTree {
    return this.tree;
  }

  /** Every known file (after the last scan), sorted. */
  list(): string[] {
    return [...this.files.keys()].sort();
  }

  /**
   * Looks at the disk and returns what changed since the previous scan (nothing on the first):
   * the workspace's files, and the files of packages installed, changed or removed in its
   * `node_modules` folders.
   */
  scanChanges(): FileChange[] {
    const first = this.scans === 0;
    this.tree.rescan(++this.scans);
    const now = Date.now();
    const seen = new Set(this.tree.files());
    const changes: FileChange[] = [];
    for (const file of seen) {
      const stat = statOf(file);
      if (stat?.kind !== 'file') continue;
      const entry = this.files.get(file);
      if (entry === undefined) {
        this.files.set(file, { stat, observedAt: now, digest: isRacy(stat, now) ? digestOf(file) : undefined });
        if (!first) changes.push({ path: file, kind: 'created' });
        continue;
      }
      const statChanged = !sameStat(entry.stat, stat);
      if (!statChanged && !isRacy(entry.stat, entry.observedAt)) {
        entry.digest = undefined;
        continue;
      }
      const digest = digestOf(file);
      const contentChanged = statChanged || entry.digest === undefined || entry.digest !== digest;
      entry.stat = stat;
      entry.observedAt = now;
      entry.digest = isRacy(stat, now) ? digest : undefined;
      if (contentChanged) changes.push({ path: file, kind: 'changed' });
    }
    for (const file of [...this.files.keys()]) {
      if (seen.has(file) && statOf(file)?.kind === 'file') continue;
      this.files.delete(file);
      changes.push({ path: file, kind: 'deleted' });
    }
    changes.push(...this.packages.scan(packageRootsOf(this.root, seen), !first));
    return changes;
  }
}

/** Where `node_modules` folders may be: the root, and beside each `package.json` of the workspace. */
function* packageRootsOf(root: string, files: Iterable<string>): Generator<string> {
  yield root;
  for (const file of files) if (path.basename(file) === 'package.json' && path.dirname(file) !== root) yield path.dirname(file);
}

function digestOf(file: string): string | undefined {
  try {
    return contentDigest(fs.readFileSync(file));
  } catch {
    return undefined;
  }
}
