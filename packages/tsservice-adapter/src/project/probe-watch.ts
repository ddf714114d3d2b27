import fs from 'node:fs';
import path from 'node:path';
import { isRacy } from '@mcp-lsp-bridge/ts-workspace';

type Kind = 'file' | 'directory' | 'none';

interface ProbedDir {
  /** NaN until verified: the directory's stat must be taken before its probes are trusted. */
  mtimeMs: number;
  ctimeMs: number;
  observedAt: number;
  readonly probes: Map<string, Kind>;
  /** Set when the directory's own listing was read (`getDirectories`, e.g. of `node_modules/@types`). */
  listing?: string;
}

/**
 * Remembers every path module resolution asked about (`fileExists`, `directoryExists`,
 * package.json reads) and what it found. A later call re-stats only the parent
 * directories; when one changed, its probes are checked again. A probe that now answers
 * differently (an imported file was created, a package installed) invalidates the
 * program's module resolutions. This is tsserver's "failed lookup locations" without
 * watchers, and it ignores the churn of unrelated files in the same directories.
 */
export class ProbeWatch {
  private readonly dirs = new Map<string, ProbedDir>();

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
      state = { mtimeMs: Number.NaN, ctimeMs: Number.NaN, observedAt: 0, probes: new Map() };
      this.dirs.set(dir, state);
    }
    return state;
  }

  /** True when some probe would now answer differently; the new answers are remembered. */
  recheck(): boolean {
    let changed = false;
    for (const [dir, state] of this.dirs) {
      const now = Date.now();
      const stat = statKind(dir);
      const racy = isRacy(state, state.observedAt);
      if (!racy && stat.mtimeMs === state.mtimeMs && stat.ctimeMs === state.ctimeMs) continue;
      state.mtimeMs = stat.mtimeMs;
      state.ctimeMs = stat.ctimeMs;
      state.observedAt = now;
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
