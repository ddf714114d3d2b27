import fs from 'node:fs';
import path from 'node:path';
import { BridgeException, MAX_WORKSPACE_DIRECTORIES, workspaceTooLarge } from '@mcp-lsp-bridge/domain';
import type { WatchItem } from '../watch/change-journal.js';
import type { WorkspaceWatch } from '../watch/workspace-watch.js';
import { readDirectoryListing } from './directory-listing.js';
import { isRacy } from './racy-window.js';

export interface TreeRoot {
  readonly path: string;
  readonly recursive: boolean;
}

/** What config discovery and the inferred project read of a listing. */
export interface FileListing {
  /** Every file (absolute path) of the listed directories. */
  files(): Iterable<string>;
  /** The files of one directory, if it is part of the listing. */
  filesIn(dir: string): readonly string[] | undefined;
}

/** The refusal of a walk past the directory limit: what a call that needs no listing may do without. */
export class WorkspaceTooLargeException extends BridgeException {}

interface DirState {
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  observedAt: number;
  recursive: boolean;
  files: string[];
  dirs: string[];
}

/**
 * The listing of a set of directory trees. Watched (every directory tracked by the
 * workspace watch before it was read), it changes only where the watcher reports entries
 * created or deleted: a call without such a report costs nothing. Otherwise it is kept fresh
 * by one stat per directory per look: a directory is read again only when its stat changed
 * (or is racy). New and deleted files and directories bump the revision, which is how config
 * file lists, the inferred project, config discovery and the workspace inventory notice them.
 */
export class DirTree implements FileListing {
  private readonly dirs = new Map<string, DirState>();
  private generation = -1;
  private revisionNumber = 0;
  /** Every directory was tracked before it was read: the journal from `cursor` on says what changed. */
  private watched = false;
  private cursor = -1;

  constructor(
    readonly roots: readonly TreeRoot[],
    private readonly maxDirectories = MAX_WORKSPACE_DIRECTORIES,
    private readonly watch?: WorkspaceWatch,
  ) {}

  /** Looks at the disk again (once per `generation`) and returns the revision. */
  rescan(generation: number): number {
    if (generation === this.generation) return this.revisionNumber;
    this.generation = generation;
    const changes = this.watched && this.watch !== undefined ? this.watch.journal.since(this.cursor) : undefined;
    this.cursor = this.watch?.journal.head ?? -1;
    const changed = changes === undefined ? this.scanAll() : changes.length > 0 && this.apply(changes);
    if (changed) this.revisionNumber++;
    return this.revisionNumber;
  }

  /** Bumped whenever a rescan found a file or directory created or deleted. */
  get revision(): number {
    return this.revisionNumber;
  }

  /** Whether the watcher reports every change of the listing (as of the last rescan). */
  get isWatched(): boolean {
    return this.watched;
  }

  *files(): Generator<string> {
    for (const [dir, state] of this.dirs) for (const name of state.files) yield path.join(dir, name);
  }

  filesIn(dir: string): readonly string[] | undefined {
    return this.dirs.get(dir)?.files;
  }

  /** Every directory looked at again (by stat; read again where that changed). */
  private scanAll(): boolean {
    this.watched = this.watch !== undefined;
    const seen = new Set<string>();
    let changed = false;
    for (const root of this.roots) changed = this.visit(root.path, root.recursive, seen, false) || changed;
    for (const dir of [...this.dirs.keys()]) {
      if (!seen.has(dir)) {
        this.dirs.delete(dir);
        changed = true;
      }
    }
    return changed;
  }

  /** Applies what the watcher reported: listings read again where entries came or went. */
  private apply(changes: readonly WatchItem[]): boolean {
    const again = new Set<string>();
    const replaced = new Set<string>();
    for (const change of changes) {
      if (!change.entry) continue; // A file's content: no listing changes.
      // A root itself (or a directory above it) came or went: everything is looked at again.
      if (this.roots.some((root) => isAtOrAbove(change.path, root.path))) return this.scanAll();
      const parent = path.dirname(change.path);
      if (this.dirs.has(parent)) again.add(parent);
      if (this.dirs.has(change.path)) replaced.add(change.path);
    }
    let changed = false;
    // Parents first, so a directory dropped with its parent's subtree is not read for nothing.
    for (const dir of [...new Set([...again, ...replaced])].sort()) {
      const state = this.dirs.get(dir);
      if (state === undefined) continue;
      // A directory of the tree replaced wholesale (deleted and made again, renamed over): read anew.
      if (replaced.has(dir)) {
        this.drop(dir);
        changed = true;
      }
      changed = this.visit(dir, state.recursive, new Set(), true) || changed;
    }
    return changed;
  }

  /** Forgets `dir` and every directory below it. */
  private drop(dir: string): void {
    const state = this.dirs.get(dir);
    if (state === undefined) return;
    this.dirs.delete(dir);
    for (const sub of state.dirs) this.drop(path.join(dir, sub));
  }

  private visit(dir: string, recursive: boolean, seen: Set<string>, force: boolean): boolean {
    if (seen.has(dir)) return false;
    seen.add(dir);
    if (seen.size > this.maxDirectories || this.dirs.size > this.maxDirectories) {
      throw new WorkspaceTooLargeException(workspaceTooLarge(this.roots.map((r) => r.path).join(', '), this.maxDirectories));
    }
    // Tracked before the directory is looked at, so a change after the look is reported.
    if (this.watch !== undefined && !this.watch.track(dir)) this.watched = false;
    const now = Date.now();
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(dir, { throwIfNoEntry: false });
    } catch {
      stat = undefined;
    }
    let state = this.dirs.get(dir);
    if (stat === undefined || !stat.isDirectory()) {
      if (state === undefined) return false;
      this.drop(dir);
      return true;
    }
    let changed = false;
    const previous = state;
    const racy = state !== undefined && isRacy(state, state.observedAt);
    if (
      force ||
      state === undefined ||
      racy ||
      state.mtimeMs !== stat.mtimeMs ||
      state.ctimeMs !== stat.ctimeMs ||
      state.ino !== stat.ino
    ) {
      const listing = readDirectoryListing(dir);
      changed = state === undefined || !sameNames(state.files, listing.files) || !sameNames(state.dirs, listing.dirs);
      state = {
        mtimeMs: stat.mtimeMs,
        ctimeMs: stat.ctimeMs,
        ino: stat.ino,
        observedAt: now,
        recursive,
        files: listing.files,
        dirs: listing.dirs,
      };
      this.dirs.set(dir, state);
      // Subdirectories gone from the listing go with everything below them.
      if (previous !== undefined) for (const sub of previous.dirs) if (!listing.dirs.includes(sub)) this.drop(path.join(dir, sub));
    }
    if (recursive) {
      for (const sub of state.dirs) {
        const child = path.join(dir, sub);
        // Read again only what is new (or everything, outside a watched apply).
        if (!force || !this.dirs.has(child)) changed = this.visit(child, true, seen, false) || changed;
      }
    }
    return changed;
  }
}

function isAtOrAbove(candidate: string, dir: string): boolean {
  return candidate === dir || dir.startsWith(candidate.endsWith(path.sep) ? candidate : `${candidate}${path.sep}`);
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}
