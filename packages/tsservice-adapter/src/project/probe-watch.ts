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
  /** Set for a directory behind a link: the directory it leads to, under whose path its changes are reported. */
  through?: string | undefined;
}

/**
 * Remembers every path module resolution asked about (`fileExists`, `directoryExists`,
 * package.json reads) and what it found. Every probed directory is watched where it can be,
 * `node_modules` and the directories above the root included (`trackProbed`: resolution walks
 * up to `/`), so a later call looks again only at the directories the watcher reported a
 * change in, and stats only the few it cannot watch (behind a link, on a network file system,
 * beyond the watch limits); where one changed, its probes are checked again. A probe that now
 * answers differently (an imported file was created, a package installed) invalidates the
 * program's module resolutions. This is tsserver's "failed lookup locations", and it ignores
 * the churn of unrelated files in the same directories. A directory behind a link (a workspace
 * package linked into `node_modules`) is watched where the link leads, its link where it sits
 * (`WorkspaceWatch.probedThroughLink`). A call without changes costs nothing per probe.
 */
export class ProbeWatch {
  private readonly dirs = new Map<string, ProbedDir>();
  /** The probed directories the watcher does not report on (or not yet verified): looked at on every recheck. */
  private readonly unwatched = new Set<string>();
  /** The probed directories behind a link, by the directory the link leads to (where the watcher reports their changes). */
  private readonly throughLinks = new Map<string, Set<string>>();

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
      this.unwatched.add(dir);
    }
    return state;
  }

  /**
   * True when some probe would now answer differently; the new answers are remembered.
   * `changes`: what the watcher reported since the last recheck (`undefined`: look at everything).
   */
  recheck(changes: readonly WatchItem[] | undefined): boolean {
    let changed = false;
    if (changes === undefined) {
      for (const [dir, state] of this.dirs) changed = this.recheckDir(dir, state, false) || changed;
      return changed;
    }
    // What the watcher reported (directories changed in, and every probed directory below
    // one created, deleted or replaced), then what it cannot report on.
    const reported = new Set<string>();
    for (const change of changes) {
      const parent = path.dirname(change.path);
      if (this.dirs.has(parent)) reported.add(parent);
      if (change.entry) for (const dir of this.below(change.path)) reported.add(dir);
      for (const dir of this.throughLinks.get(parent) ?? []) reported.add(dir);
      if (change.entry) for (const dir of this.behindLinksBelow(change.path)) reported.add(dir);
    }
    for (const dir of reported) {
      const state = this.dirs.get(dir);
      if (state !== undefined && state.watched) changed = this.recheckDir(dir, state, true) || changed;
    }
    for (const dir of [...this.unwatched]) {
      const state = this.dirs.get(dir);
      if (state !== undefined) changed = this.recheckDir(dir, state, false) || changed;
    }
    return changed;
  }

  /** The probed directories at or below `target`. */
  private below(target: string): string[] {
    if (this.dirs.has(target) && !this.hasBelow(target)) return [target];
    const prefix = target.endsWith(path.sep) ? target : `${target}${path.sep}`;
    return [...this.dirs.keys()].filter((dir) => dir === target || dir.startsWith(prefix));
  }

  /** The probed directories behind a link whose target is at or below `target` (created, deleted or replaced). */
  private behindLinksBelow(target: string): string[] {
    const prefix = `${target}${path.sep}`;
    return [...this.throughLinks].flatMap(([real, dirs]) => (real === target || real.startsWith(prefix) ? [...dirs] : []));
  }

  private hasBelow(target: string): boolean {
    const prefix = `${target}${path.sep}`;
    for (const dir of this.dirs.keys()) if (dir.startsWith(prefix)) return true;
    return false;
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
    const tracked = this.watch?.trackProbed(dir) === true;
    const absentCovered = !tracked && this.watch?.coversAbsentProbed(dir) === true;
    if (state.through !== undefined) this.throughLinks.get(state.through)?.delete(dir);
    state.through = tracked || absentCovered ? undefined : this.watch?.probedThroughLink(dir);
    const now = Date.now();
    const stat = statKind(dir);
    state.watched = tracked || (absentCovered && stat.kind === 'none') || state.through !== undefined;
    if (state.watched) this.unwatched.delete(dir);
    else this.unwatched.add(dir);
    if (state.through !== undefined) this.throughLinks.set(state.through, (this.throughLinks.get(state.through) ?? new Set()).add(dir));
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
