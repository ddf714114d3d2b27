import { realpathSync } from 'node:fs';
import type { Signal } from '@mcp-lsp-bridge/domain';

/**
 * Calls that write (rename_symbol, replace_symbol_body) run one at a time per workspace
 * root, from planning their edits to the last file written: the second plans on what the
 * first wrote. The writer's own file locks and FILE_CHANGED check catch a write whose file
 * changed since its text was read; they cannot catch edits planned on an older text than
 * the one read for the write (a rename planned while another rename was being written), so
 * such calls must not overlap at all.
 */
export class WorkspaceWrites {
  private readonly tails = new Map<string, Promise<void>>();

  /**
   * Runs `body` once the writing calls of `workspaceRoot` started before it have finished.
   * If `signal` aborts while it waits, `body` runs at once: the use-case then answers
   * CANCELLED (or timed out) before doing anything.
   */
  async run<T>(workspaceRoot: string, signal: Signal, body: () => Promise<T>): Promise<T> {
    // Resolved synchronously, so calls take their turns in the order they arrived.
    const key = keyOf(workspaceRoot);
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    try {
      await untilAborted(previous, signal);
      return await body();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** The real path of the root (two spellings of one directory are one workspace); as given when it cannot be resolved. */
function keyOf(workspaceRoot: string): string {
  try {
    return realpathSync.native(workspaceRoot);
  } catch {
    return workspaceRoot;
  }
}

function untilAborted(work: Promise<void>, signal: Signal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    void work.then(done);
  });
}

/** One set for the whole process: every server and bridge in it takes turns. */
export const processWorkspaceWrites = new WorkspaceWrites();
