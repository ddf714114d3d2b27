import fs from 'node:fs';
import path from 'node:path';
import { isRacy, type WatchItem, type WorkspaceWatch } from '@mcp-lsp-bridge/workspace';

type Kind = 'file' | 'directory' | 'none';

interface ProbedDir {
  /** NaN until verified: the directory's stat must be taken before its probes are trusted. */
  mtimeMs: number;
  ctimeMs: number;
  observedAt: number;
  readonly probes: Map<string, Kind>;
  /** Set when the directory's own listing was read (`getDirectories`, e.g. of `node_modules/@types`). */
  listing?: string;
  /**
   * The watcher reports every change of its probes: the directory is tracked, or it is
   * missing and its nearest existing ancestor is tracked (creating it is an event there).
   */
  watched: boolean;
}

/**
 * Remembers every path module resolution asked about (`fileExists`, `directoryExists`,
 * package.json reads) and what it found. A later call looks again only at the parent
 * directories the watcher reported a change in, and stats the ones it does not cover
 * (node_modules, outside the root); where one changed, its probes are checked again. A probe
 * that now answers differently (an imported file was created, a package installed)
 * invalidates the program's module resolutions. This is tsserver's "failed lookup
 * locations", and it ignores the churn of unrelated files in the same directories.
 */
export class ProbeWatch {
  private readonly dirs = new Map<string, ProbedDir>();

  constructor(private readonly watch?: WorkspaceWatch) {}

  record(probe: string, kind: Kind): void {
    const state = this.stateOf(path.dirname(probe));
    if (!state.probes.has(probe)) state.probes.set(probe, kind);
  }

  recordListing(dir: string, names: readonly string[]): void {
    const state = this.stateOf(dir);
    state.listing ??= names.join('/');
  }

  private stateOf(dir: string): ProbedDir {
    let state = this.dirs.get(dir);
    if (state === undefined) {
      state = { mtimeMs: Number.NaN, ctimeMs: Number.NaN, observedAt: 0, probes: new Map(), watched: false };
      this.dirs.set(dir, state);
    }
    return state;
  }

  /**
   * True when some probe would now answer differently; the new answers are remembered.
   * `changes`: what the watcher reported since the last recheck (`undefined`: look at everything).
   */
  recheck(changes: readonly WatchItem[] | undefined): boolean {
    const touched = changes === undefined ? undefined : touchedDirectories(changes);
    let changed = false;
    for (const [dir, state] of this.dirs) {
      if (touched !== undefined && state.watched && !touched.has(dir) && !touched.aboveAny(dir)) continue;
      changed = this.recheckDir(dir, state, touched !== undefined && state.watched) || changed;
    }
    return changed;
  }

  /**
   * Looks at one directory's probes again. `reported`: the watcher reported a change in or
   * above it. Otherwise a directory the watcher does not cover costs one stat when nothing
   * changed; whether the watcher covers it is asked again only when it did.
   */
  private recheckDir(dir: string, state: ProbedDir, reported: boolean): boolean {
    if (!reported && !Number.isNaN(state.mtimeMs)) {
      const stat = statKind(dir);
      if (!isRacy(state, state.observedAt) && stat.mtimeMs === state.mtimeMs && stat.ctimeMs === state.ctimeMs) return false;
    }
    // Asked before looking (see WorkspaceWatch.track): a change after the look is reported.
    const tracked = this.watch?.track(dir) === true;
    const absentCovered = !tracked && this.watch?.coversAbsent(dir) === true;
    const now = Date.now();
    const stat = statKind(dir);
    state.watched = tracked || (absentCovered && stat.kind === 'none');
    state.mtimeMs = stat.mtimeMs;
    state.ctimeMs = stat.ctimeMs;
    state.observedAt = now;
    let changed = false;
    if (state.listing !== undefined) {
      const listing = subdirectories(dir).join('/');
      if (listing !== state.listing) {
        state.listing = listing;
        changed = true;
      }
    }
    for (const [probe, kind] of state.probes) {
      const current = statKind(probe).kind;
      if (current !== kind) {
        state.probes.set(probe, current);
        changed = true;
      }
    }
    return changed;
  }
}

/** The directories a report touches: each changed path's directory, and each path created, deleted or replaced (and what is below it). */
function touchedDirectories(changes: readonly WatchItem[]): { has(dir: string): boolean; aboveAny(dir: string): boolean } {
  const dirs = new Set<string>();
  const entries = new Set<string>();
  for (const change of changes) {
    dirs.add(path.dirname(change.path));
    if (change.entry) entries.add(change.path);
  }
  return {
    has: (dir) => dirs.has(dir),
    aboveAny: (dir) => {
      if (entries.size === 0) return false;
      for (let at = dir; ; at = path.dirname(at)) {
        if (entries.has(at)) return true;
        if (path.dirname(at) === at) return false;
      }
    },
  };
}

/** The names of the subdirectories, as `getDirectories` reports them. */
export function subdirectories(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || (entry.isSymbolicLink() && statKind(path.join(dir, entry.name)).kind === 'directory'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

function statKind(target: string): { kind: Kind; mtimeMs: number; ctimeMs: number } {
  try {
    const stat = fs.statSync(target, { throwIfNoEntry: false });
    if (stat === undefined) return { kind: 'none', mtimeMs: -1, ctimeMs: -1 };
    return { kind: stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'none', mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs };
  } catch {
    return { kind: 'none', mtimeMs: -1, ctimeMs: -1 };
  }
}
