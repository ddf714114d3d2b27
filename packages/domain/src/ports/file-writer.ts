import type { Signal } from '../model/signal.js';

export interface FileChange {
  /** Absolute real path, inside the workspace. */
  readonly path: string;
  /** The text the change was computed from (without a byte-order mark). */
  readonly expectedText: string;
  /** The text to write (without a byte-order mark; the writer keeps the file's own). */
  readonly newText: string;
}

/**
 * Applies changes to many files all-or-nothing. Before writing, every file must still
 * hold `expectedText`; otherwise nothing is written and the writer throws a
 * `BridgeException` with code FILE_CHANGED. If a write fails, everything already written
 * is restored and it throws WRITE_FAILED.
 */
export interface FileWriter {
  /**
   * Refuses (PATH_OUTSIDE_WORKSPACE) any change whose real path is not inside `workspaceRoot`.
   * Writes that touch the same files run one after the other, whichever bridge process makes
   * them, so the second sees the first's result and answers FILE_CHANGED (the use-case then
   * plans again). A file another program changed before it is replaced, or wrote over right
   * after, undoes the write: FILE_CHANGED. `signal` stops a write only until its first file is
   * replaced; from then on it is finished (or rolled back on a failure), never cut short.
   */
  writeAll(workspaceRoot: string, changes: readonly FileChange[], signal: Signal): Promise<void>;
  /**
   * Resolves once no write is in progress: what a shutdown waits for (after aborting the
   * calls), so that no write is left half-done.
   */
  drain(): Promise<void>;
}
