import fs from 'node:fs';
import path from 'node:path';
import { BridgeException, MAX_WORKSPACE_DIRECTORIES, workspaceTooLarge } from '@mcp-lsp-bridge/domain';
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
  observedAt: number;
  files: string[];
  dirs: string[];
}

/**
 * The listing of a set of directory trees, kept fresh by one stat per directory per look: a
 * directory is read again only when its mtime changed (or is racy). New and deleted files and
 * directories bump the revision, which is how config file lists, the inferred project, config
 * discovery and the workspace inventory notice them without watchers.
 */
export class DirTree implements FileListing {
  private readonly dirs = new Map<string, DirState>();
  private generation = -1;
  private revisionNumber = 0;

  constructor(
    readonly roots: readonly TreeRoot[],
    private readonly maxDirectories = MAX_WORKSPACE_DIRECTORIES,
  ) {}

  /** Looks at the disk again (once per `generation`) and returns the revision. */
  rescan(generation: number): number {
    if (generation === this.generation) return this.revisionNumber;
    this.generation = generation;
    const seen = new Set<string>();
    let changed = false;
    for (const root of this.roots) changed = this.visit(root.path, root.recursive, seen) || changed;
    for (const dir of [...this.dirs.keys()]) {
      if (!seen.has(dir)) {
        this.dirs.delete(dir);
        changed = true;
      }
    }
    if (changed) this.revisionNumber++;
    return this.revisionNumber;
  }

  *files(): Generator<string> {
    for (const [dir, state] of this.dirs) for (const name of state.files) yield path.join(dir, name);
  }

  filesIn(dir: string): readonly string[] | undefined {
    return this.dirs.get(dir)?.files;
  }

  private visit(dir: string, recursive: boolean, seen: Set<string>): boolean {
    if (seen.has(dir)) return false;
    seen.add(dir);
    if (seen.size > this.maxDirectories) {
      throw new WorkspaceTooLargeException(workspaceTooLarge(this.roots.map((r) => r.path).join(', '), this.maxDirectories));
    }
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
      this.dirs.delete(dir);
      return true;
    }
    let changed = false;
    const racy = state !== undefined && isRacy(state, state.observedAt);
    if (state === undefined || racy || state.mtimeMs !== stat.mtimeMs || state.ctimeMs !== stat.ctimeMs) {
      const listing = readDirectoryListing(dir);
      changed = state === undefined || !sameNames(state.files, listing.files) || !sameNames(state.dirs, listing.dirs);
      state = { mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, observedAt: now, files: listing.files, dirs: listing.dirs };
      this.dirs.set(dir, state);
    }
    if (recursive) for (const sub of state.dirs) changed = this.visit(path.join(dir, sub), true, seen) || changed;
    return changed;
  }
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}
