import fs from 'node:fs';
import path from 'node:path';
import type { WatchItem } from './change-journal.js';
import { eventBurst } from './event-burst.js';

interface WatchedDirectory {
  readonly handle: fs.FSWatcher;
  /** Entries that are symbolic links: a change behind one is not an event here. */
  readonly links: Set<string>;
}

/**
 * Non-recursive `fs.watch` handles, one per directory, added on demand: a directory is
 * watched when someone is about to trust what they read in it (see `WorkspaceWatch.track`).
 * Events are only noted when they arrive (a path and whether its entry changed); `collect`
 * turns them into items, unwatches the directories that were themselves replaced (a handle
 * follows the old inode) and keeps the symlink sets right.
 * On Linux every handle shares the process's one inotify descriptor, so descriptors stay flat
 * whatever the number of directories.
 */
export class DirectoryWatch {
  private readonly dirs = new Map<string, WatchedDirectory>();
  private pending = new Map<string, boolean>();
  private full = false;

  constructor(
    private readonly maxDirectories: number,
    private readonly log: (message: string) => void,
  ) {}

  get size(): number {
    return this.dirs.size;
  }

  isWatched(dir: string): boolean {
    return this.dirs.has(dir);
  }

  /** Whether `name` in the watched `dir` is a symbolic link (as of the last event about it). */
  isLink(dir: string, name: string): boolean {
    return this.dirs.get(dir)?.links.has(name) === true;
  }

  /**
   * Starts watching `dir`, whose parent is watched already (or which is a root). False when
   * it cannot be watched: missing, not a directory, a symbolic link (the watch would follow it
   * out of the tree), unreadable, or no watch left (the user's inotify limit, or ours).
   */
  add(dir: string): boolean {
    // One handle per directory: a second would hold the kernel's watch after the first closed.
    if (this.dirs.has(dir)) return true;
    if (this.dirs.size >= this.maxDirectories) {
      if (!this.full) this.log(`watch: more than ${this.maxDirectories} directories; the others are checked by stat on every call`);
      this.full = true;
      return false;
    }
    let handle: fs.FSWatcher;
    try {
      handle = fs.watch(dir, { persistent: false }, (type, name) => this.note(dir, type, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EMFILE') {
        if (!this.full) this.log(`watch: the system refused another watch (${code}); the rest is checked by stat on every call`);
        this.full = true;
      }
      return false;
    }
    // A failed handle sees nothing more: the directory is reported as changed and unwatched
    // with everything below it (a watched directory's ancestors are always watched).
    handle.on('error', () => {
      if (this.dirs.get(dir)?.handle !== handle) return;
      this.mark(dir, true);
      this.closeBelow(dir);
    });
    // Looked at after the watch started, so nothing that happens in between goes unseen.
    let stat: fs.Stats;
    let entries: fs.Dirent[];
    try {
      stat = fs.lstatSync(dir);
      if (!stat.isDirectory()) throw new Error('not a directory');
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      handle.close();
      return false;
    }
    const links = new Set(entries.filter((entry) => entry.isSymbolicLink()).map((entry) => entry.name));
    this.dirs.set(dir, { handle, links });
    return true;
  }

  /**
   * Everything reported since the last collect, as items, after bringing the watches up to
   * date: a watched directory that was itself created, deleted, renamed or replaced is
   * unwatched with everything below it (its handle may follow another inode, or none; inode
   * numbers are reused at once, so they cannot tell), to be watched again when next looked
   * at; and a parent's symlink set follows its entries.
   */
  collect(): WatchItem[] {
    const pending = this.pending;
    this.pending = new Map();
    const items: WatchItem[] = [];
    for (const [target, entry] of pending) {
      items.push({ path: target, entry });
      if (!entry) continue;
      if (this.dirs.has(target)) this.closeBelow(target);
      const parent = this.dirs.get(path.dirname(target));
      if (parent === undefined) continue;
      let link = false;
      try {
        link = fs.lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink() === true;
      } catch {
        link = false;
      }
      if (link) parent.links.add(path.basename(target));
      else parent.links.delete(path.basename(target));
    }
    return items;
  }

  /** After lost events: every watch closed (any may follow a replaced directory); the caller rescans everything. */
  closeAll(): void {
    this.pending = new Map();
    for (const watched of this.dirs.values()) watched.handle.close();
    this.dirs.clear();
    this.full = false;
  }

  /** Stops watching `dir` and every watched directory below it. */
  closeBelow(dir: string): void {
    const prefix = dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`;
    for (const [watchedDir, watched] of this.dirs) {
      if (watchedDir !== dir && !watchedDir.startsWith(prefix)) continue;
      watched.handle.close();
      this.dirs.delete(watchedDir);
    }
    this.full = false;
  }

  dispose(): void {
    for (const watched of this.dirs.values()) watched.handle.close();
    this.dirs.clear();
    this.pending.clear();
  }

  private note(dir: string, type: string, name: string | Buffer | null): void {
    eventBurst.note();
    if (!this.dirs.has(dir)) return;
    if (name === null) {
      // The system did not say which entry: anything in the directory may have changed.
      this.mark(dir, true);
      return;
    }
    const entryName = typeof name === 'string' ? name : name.toString('utf8');
    const entry = type === 'rename';
    this.mark(path.join(dir, entryName), entry);
    // libuv names an event about the watched directory itself (deleted, moved) by the
    // directory's own name: indistinguishable from an entry of that name, so both are taken.
    if (entry && entryName === path.basename(dir)) this.mark(dir, true);
  }

  private mark(target: string, entry: boolean): void {
    if (entry || !this.pending.has(target)) this.pending.set(target, entry || this.pending.get(target) === true);
  }
}
