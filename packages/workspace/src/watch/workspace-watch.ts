import fs from 'node:fs';
import path from 'node:path';
import { MAX_WORKSPACE_DIRECTORIES } from '@mcp-lsp-bridge/domain';
import { isSkippedDirectory } from '../files/directory-listing.js';
import { ChangeJournal, type WatchItem } from './change-journal.js';
import { DirectoryWatch } from './directory-watch.js';
import { defaultBurstLimit, eventBurst, type BurstListener } from './event-burst.js';
import { eventsDelivered } from './events-delivered.js';
import { isLocalFileSystem } from './remote-filesystems.js';

export interface WatchOptions {
  /** False: no watcher, every call checks the disk by stat. Default: on, on Linux. */
  readonly enabled?: boolean;
  /** A burst of this many events read at once is taken for lost events (a stat scan follows). Default: half the kernel's queue. */
  readonly burstLimit?: number;
  /** Directories watched at most; beyond, paths are checked by stat on every call. */
  readonly maxDirectories?: number;
  readonly log?: (message: string) => void;
}

/** Workspace roots watched at once (least recently used unwatched first). */
const MAX_ROOTS = 8;

/**
 * Freshness from file-system events, for every cache of the workspace package. A cache that
 * is about to trust what it reads in a directory asks `track` (or `covers` for one path)
 * first; when the answer is yes, every later change there is reported to it as a journal item
 * at the start of a call, so until then it may skip the disk. Everything else (no watcher on
 * this platform, a path outside the call's root, in a skipped directory such as node_modules,
 * behind a symbolic link, on a network file system, beyond the watch limits) is checked by
 * stat on every call, as before.
 *
 * `beginCall` is the verification that keeps the guarantee "the next call sees every change
 * that completed before it arrived": it waits until the events already queued are delivered
 * (`eventsDelivered`), then turns them into journal items. When events may have been lost
 * (a burst as large as the kernel queue, see `event-burst.ts`), or the root itself was
 * replaced, the item is the whole root: every cache checks everything by stat once.
 */
export class WorkspaceWatch implements BurstListener {
  readonly journal = new ChangeJournal();
  readonly burstLimit: number;
  private readonly enabled: boolean;
  private readonly dirs: DirectoryWatch;
  private readonly log: (message: string) => void;
  /** Watched roots, least recently used first, with the inode watched. */
  private readonly roots = new Map<string, number>();
  private readonly refused = new Set<string>();
  /** Directories outside the roots found on a network or user-space file system: never watched. */
  private readonly remote = new Set<string>();
  /** Some directory outside the roots was watched for a lookup: lost events must reach it too. */
  private probedOutside = false;
  private overflowed = false;
  private disposed = false;

  constructor(options: WatchOptions = {}) {
    this.enabled = (options.enabled ?? true) && process.platform === 'linux';
    this.burstLimit = options.burstLimit ?? defaultBurstLimit();
    this.log = options.log ?? (() => undefined);
    this.dirs = new DirectoryWatch(options.maxDirectories ?? MAX_WORKSPACE_DIRECTORIES, this.log);
    if (this.enabled) eventBurst.add(this);
  }

  suspectOverflow(): void {
    this.overflowed = true;
  }

  /**
   * Starts a call on `root`: watches it from now on (if it can be), waits for the events
   * queued before this moment, and returns what they say changed (also appended to the journal).
   */
  async beginCall(root: string): Promise<readonly WatchItem[]> {
    if (!this.enabled || this.disposed) return [];
    if (this.roots.size > 0) await eventsDelivered();
    eventBurst.close();
    const items = this.overflowed ? this.rescanAll() : this.dirs.collect();
    this.useRoot(root, items);
    this.journal.append(items);
    return items;
  }

  /**
   * Makes sure `dir` is watched, with every directory between it and its root: true when any
   * later change of its entries (created, deleted, renamed, written) will be reported. A
   * directory outside the watched roots, in or under a skipped one, behind a link, missing or
   * unwatchable is not.
   */
  track(dir: string): boolean {
    if (this.dirs.isWatched(dir)) return true;
    if (!this.enabled) return false;
    const root = this.rootOf(dir);
    if (root === undefined) return false;
    if (dir !== root) {
      const parent = path.dirname(dir);
      const name = path.basename(dir);
      if (isSkippedDirectory(name) || !this.track(parent) || this.dirs.isLink(parent, name)) return false;
    }
    return this.dirs.add(dir);
  }

  /**
   * `track` for a directory a lookup probes (module resolution, the `typescript` package
   * lookup), which walks up from the project to `/`: watched wherever it is, a dependency
   * folder (`node_modules`) or a directory above the root included, with every directory
   * above it (a rename of one is an event in its parent). What such a lookup found changes
   * only when an entry of a probed directory comes, goes or is rewritten, which that
   * directory's own watch reports: so a warm call looks at none of them. Only its entries are
   * watched, never a tree below it; not behind a link, nor on a network or user-space file
   * system (changes made elsewhere reach no watch).
   */
  trackProbed(dir: string): boolean {
    if (this.dirs.isWatched(dir)) return true;
    if (!this.enabled || this.disposed || this.roots.size === 0) return false;
    if (this.rootOf(dir) !== undefined && this.track(dir)) return true;
    const parent = path.dirname(dir);
    if (parent !== dir && (!this.trackProbed(parent) || this.dirs.isLink(parent, path.basename(dir)))) return false;
    if (this.rootOf(dir) !== undefined) return this.dirs.add(dir);
    if (!this.localOutside(dir) || !this.dirs.add(dir)) return false;
    this.probedOutside = true;
    return true;
  }

  /** `coversAbsent` for a path a lookup probes: its nearest existing directory is watched as `trackProbed` watches. */
  coversAbsentProbed(target: string): boolean {
    if (!this.enabled || this.roots.size === 0) return false;
    for (let child = target, dir = path.dirname(target); dir !== child; child = dir, dir = path.dirname(dir)) {
      if (!exists(dir)) continue;
      return this.trackProbed(dir) && !exists(child);
    }
    return false;
  }

  /**
   * For a directory a lookup probes behind a link (a workspace package linked into
   * `node_modules`, which `trackProbed` refuses): the directory it leads to, when the watcher
   * reports every change of that one's entries (or its creation, while it is missing) and the
   * link sits in a watched directory, so re-pointing it is reported there (as the link's path,
   * an entry change). Changes of the entries come reported under the returned path, not under
   * `dir`. `undefined` when `dir` is behind no link, or behind a second link further down, or
   * where either side cannot be watched: the caller then looks at it by stat on every call.
   */
  probedThroughLink(dir: string): string | undefined {
    if (!this.enabled || this.disposed || this.roots.size === 0) return undefined;
    let link: string | undefined;
    for (let child = dir, parent = path.dirname(dir); parent !== child; child = parent, parent = path.dirname(parent)) {
      if (this.trackProbed(parent)) {
        if (this.dirs.isLink(parent, path.basename(child))) link = child;
        break;
      }
    }
    if (link === undefined) return undefined;
    let linkReal: string;
    try {
      linkReal = fs.realpathSync.native(link);
    } catch {
      return undefined; // A dangling link: creating its target is reported nowhere we watch.
    }
    const real = path.join(linkReal, path.relative(link, dir));
    // Asked before looking (see `track`): a change after the look is reported.
    if (this.trackProbed(real)) return realpathOr(dir) === real ? real : undefined;
    return this.coversAbsentProbed(real) && !exists(dir) ? real : undefined;
  }

  /**
   * For a file a lookup reads or looks for (a manifest, wherever it is): the paths whose
   * reported changes concern it, when the watcher reports every change of it; `undefined` when
   * it must be looked at on every call. Found in a directory that is a link (pnpm's
   * `node_modules/typescript`), both are watched: the link's directory for the link re-pointed,
   * the directory it leads to for the file rewritten.
   */
  coversProbed(target: string): readonly string[] | undefined {
    const dir = path.dirname(target);
    const name = path.basename(target);
    if (dir === target) return undefined;
    if (this.trackProbed(dir) && !this.dirs.isLink(dir, name)) return [target];
    const parent = path.dirname(dir);
    if (parent !== dir && this.trackProbed(parent) && this.dirs.isLink(parent, path.basename(dir))) {
      let real: string;
      try {
        real = fs.realpathSync.native(dir);
      } catch {
        return this.coversAbsentProbed(target) ? [target] : undefined;
      }
      if (this.trackProbed(real) && !this.dirs.isLink(real, name)) return [target, path.join(real, name)];
      return undefined;
    }
    return this.coversAbsentProbed(target) ? [target] : undefined;
  }

  /** Whether `target` itself (created, deleted, written) will be reported: its directory is tracked and it is no link. */
  covers(target: string): boolean {
    const dir = path.dirname(target);
    return dir !== target && this.track(dir) && !this.dirs.isLink(dir, path.basename(target));
  }

  /**
   * Whether `target`, missing now, will be reported when it appears: its nearest existing
   * ancestor is tracked (its creation, or that of a directory on the way, is an event there).
   * Checked after tracking, so an appearance in between is not missed. A missing
   * `node_modules` counts: only an existing one is not looked into.
   */
  coversAbsent(target: string): boolean {
    // Outside every watched root nothing is: no need to look for the nearest existing directory.
    if (!this.enabled || this.rootOf(target) === undefined) return false;
    for (let child = target, dir = path.dirname(target); dir !== child; child = dir, dir = path.dirname(dir)) {
      if (!exists(dir)) continue;
      return this.track(dir) && !exists(child);
    }
    return false;
  }

  /** Directories watched now (for tests and logs). */
  get watchedDirectories(): number {
    return this.dirs.size;
  }

  dispose(): void {
    this.disposed = true;
    eventBurst.delete(this);
    this.dirs.dispose();
    this.roots.clear();
  }

  /** A directory outside the roots may be watched: not on a network or user-space file system (asked once per directory). */
  private localOutside(dir: string): boolean {
    if (this.remote.has(dir)) return false;
    if (isLocalFileSystem(dir)) return true;
    this.remote.add(dir);
    return false;
  }

  private rootOf(dir: string): string | undefined {
    for (const root of this.roots.keys()) {
      if (dir === root || dir.startsWith(root === path.sep ? root : `${root}${path.sep}`)) return root;
    }
    return undefined;
  }

  /** Watches `root` (most recently used), or notices it was replaced since it was watched. */
  private useRoot(root: string, items: WatchItem[]): void {
    const watchedInode = this.roots.get(root);
    if (watchedInode !== undefined) {
      this.roots.delete(root);
      this.roots.set(root, watchedInode);
      // A root moved away under its watch (an ancestor renamed) sends no event at all.
      const inode = inodeOf(root);
      if (inode === watchedInode) return;
      this.dirs.closeBelow(root);
      this.roots.delete(root);
      items.push({ path: root, entry: true });
    }
    if (this.refused.has(root)) return;
    const inode = inodeOf(root);
    if (inode === undefined) return;
    if (!isLocalFileSystem(root)) {
      this.refused.add(root);
      this.log(`watch: ${root} is on a network or user-space file system; it is checked by stat on every call`);
      return;
    }
    this.roots.set(root, inode);
    if (!this.dirs.add(root)) {
      this.roots.delete(root);
      return;
    }
    for (const oldest of [...this.roots.keys()]) {
      if (this.roots.size <= MAX_ROOTS) break;
      this.roots.delete(oldest);
      this.dirs.closeBelow(oldest);
      for (const other of this.roots.keys()) if (other.startsWith(`${oldest}${path.sep}`)) this.dirs.add(other);
      items.push({ path: oldest, entry: true });
    }
  }

  /** After lost events: every watch closed (watched again when next looked at), and every root reported changed as a whole. */
  private rescanAll(): WatchItem[] {
    this.overflowed = false;
    this.log('watch: events may have been lost; everything is checked by stat once');
    this.dirs.closeAll();
    const items = [...this.roots.keys()].map((root) => ({ path: root, entry: true }));
    // What lookups found outside the roots is looked at again too.
    if (this.probedOutside) items.push({ path: path.parse([...this.roots.keys()][0] ?? path.sep).root, entry: true });
    this.probedOutside = false;
    return items;
  }
}

function exists(target: string): boolean {
  try {
    return fs.lstatSync(target, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true; // Unreadable: it may well exist.
  }
}

/** The real path of `target`, `undefined` when it cannot be resolved. */
function realpathOr(target: string): string | undefined {
  try {
    return fs.realpathSync.native(target);
  } catch {
    return undefined;
  }
}

function inodeOf(dir: string): number | undefined {
  try {
    const stat = fs.statSync(dir, { throwIfNoEntry: false });
    return stat?.isDirectory() === true ? stat.ino : undefined;
  } catch {
    return undefined;
  }
}
