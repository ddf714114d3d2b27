import fs from 'node:fs';
import path from 'node:path';
import { MAX_WORKSPACE_DIRECTORIES } from '@mcp-lsp-bridge/domain';
import { sameStat, statOf, type StatSignature } from '@mcp-lsp-bridge/fs-adapter';
import type { WatchItem } from '../watch/change-journal.js';
import type { WorkspaceWatch } from '../watch/workspace-watch.js';
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
 * `DirTree` (the directory-skip rule and symlink policy of `readDirectoryListing`). With the
 * workspace watch, only what the watcher reported is looked at again (plus the few files it
 * cannot cover, such as symbolic links); without it every known file is stat'ed. Racy files
 * are compared by content. For a backend that must tell someone else (a language server)
 * what changed on disk.
 */
export class WorkspaceInventory {
  private readonly tree: DirTree;
  private readonly files = new Map<string, FileEntry>();
  private readonly packages = new PackageFolders();
  /** The workspace packages' manifests (`package.json` below the root): their `node_modules` are looked at too. */
  private readonly manifests = new Set<string>();
  private scans = 0;
  /** The journal position of the last scan; -1 when the next scan must look at everything. */
  private cursor = -1;
  /** Known files the watcher does not cover: checked by stat on every scan. */
  private unwatched = new Set<string>();

  constructor(
    readonly root: string,
    maxDirectories = MAX_WORKSPACE_DIRECTORIES,
    private readonly watch?: WorkspaceWatch,
  ) {
    this.tree = new DirTree([{ path: root, recursive: true }], maxDirectories, watch);
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
    const reported = this.cursor >= 0 ? this.watch?.journal.since(this.cursor) : undefined;
    this.cursor = this.watch?.journal.head ?? -1;
    this.tree.rescan(++this.scans);
    const changes: FileChange[] = [];
    const named = new Set(reported?.map((item) => item.path));
    if (reported === undefined || !this.tree.isWatched) {
      // Everything by stat: the first scan, no watcher, or a listing the watcher does not cover.
      const listed = new Set(this.tree.files());
      for (const file of listed) this.check(file, true, named.has(file), first, changes);
      for (const file of [...this.files.keys()]) if (!listed.has(file)) this.check(file, false, true, first, changes);
      this.unwatched = new Set([...this.files.keys()].filter((file) => this.watch?.covers(file) !== true));
      changes.push(...this.packageChanges(first));
      return changes;
    }
    for (const file of this.below(reported, named)) this.check(file, this.isListed(file), true, first, changes);
    for (const file of [...this.unwatched]) if (!named.has(file)) this.check(file, this.isListed(file), false, first, changes);
    changes.push(...this.packageChanges(first));
    return changes;
  }

  /** Packages installed, changed or removed in the `node_modules` folders (never watched): a stat per folder and manifest. */
  private packageChanges(first: boolean): FileChange[] {
    return this.packages.scan([this.root, ...[...this.manifests].map((file) => path.dirname(file))], !first);
  }

  /** The files named in a report, and every file (known or listed) below a directory named as created, deleted or replaced. */
  private below(reported: readonly WatchItem[], named: Set<string>): Set<string> {
    const files = new Set(named);
    let candidates: string[] | undefined;
    for (const item of reported) {
      if (!item.entry) continue;
      const prefix = `${item.path}${path.sep}`;
      if (this.tree.filesIn(item.path) === undefined && !this.knowsBelow(prefix)) continue;
      candidates ??= [...new Set([...this.files.keys(), ...this.tree.files()])];
      for (const file of candidates) if (file.startsWith(prefix)) files.add(file);
    }
    return files;
  }

  private knowsBelow(prefix: string): boolean {
    for (const file of this.files.keys()) if (file.startsWith(prefix)) return true;
    return false;
  }

  private isListed(file: string): boolean {
    return this.tree.filesIn(path.dirname(file))?.includes(path.basename(file)) === true;
  }

  /**
   * Compares one file with what was last seen. `listed`: the listing has it; `reported`: the
   * watcher said it changed, so the content is compared even if the stat looks the same.
   */
  private check(file: string, listed: boolean, reported: boolean, first: boolean, changes: FileChange[]): void {
    const stat = listed ? statOf(file) : undefined;
    const entry = this.files.get(file);
    if (stat?.kind !== 'file') {
      if (entry === undefined) return;
      this.files.delete(file);
      this.unwatched.delete(file);
      this.manifests.delete(file);
      changes.push({ path: file, kind: 'deleted' });
      return;
    }
    const now = Date.now();
    if (entry === undefined) {
      this.files.set(file, { stat, observedAt: now, digest: isRacy(stat, now) ? digestOf(file) : undefined });
      if (path.basename(file) === 'package.json' && path.dirname(file) !== this.root) this.manifests.add(file);
      if (!first) changes.push({ path: file, kind: 'created' });
      if (this.watch?.covers(file) !== true) this.unwatched.add(file);
      return;
    }
    const statChanged = !sameStat(entry.stat, stat);
    if (!statChanged && !reported && !isRacy(entry.stat, entry.observedAt)) {
      entry.digest = undefined;
      return;
    }
    const digest = digestOf(file);
    // Without a digest of the old content (it was not racy), a reported file is taken as changed.
    const contentChanged = statChanged || entry.digest === undefined || entry.digest !== digest;
    entry.stat = stat;
    entry.observedAt = now;
    entry.digest = isRacy(stat, now) ? digest : undefined;
    if (contentChanged) changes.push({ path: file, kind: 'changed' });
  }
}

/** Where `node_modules` folders may be: the root, and beside each `package.json` of the workspace. */
function digestOf(file: string): string | undefined {
  try {
    return contentDigest(fs.readFileSync(file));
  } catch {
    return undefined;
  }
}
