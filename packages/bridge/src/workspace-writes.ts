import { realpathSync } from 'node:fs';
import type { Signal } from '@mcp-lsp-bridge/domain/front';
import type { CrossProcessLocks } from '@mcp-lsp-bridge/fs-adapter';

/**
 * Calls that write (`renameSymbol`, `replaceSymbolBody`) run one at a time per workspace
 * root, from planning their edits to the last file written, in this process and across every
 * bridge process of the user (MCP servers, the CLI, its background servers, the library): the
 * second plans on what the first wrote. Without the turn, a write planned while another was
 * being written finds its files changed and must plan again; with several bridges on one
 * project that would be most writes. Correctness does not rest on the turn: the writer locks
 * each file it writes across processes and checks it (`AtomicFileWriter`), and a write whose
 * file changed is planned again by the use-case; nested roots share those file locks, not the
 * turn.
 */
export class WorkspaceWrites {
  private readonly tails = new Map<string, Promise<void>>();

  /** `locks`: the user's (`userLocks`) unless given, loaded by the first writing call, not by every process that makes a bridge. */
  constructor(private readonly locks?: CrossProcessLocks) {}

  /**
   * Runs `body` once the writing calls of `workspaceRoot` started before it have finished.
   * If `signal` aborts while it waits, `body` runs at once: the use-case then answers
   * CANCELLED (or timed out) before doing anything. When the lock directory cannot be used,
   * `body` runs with this process's turn alone (the writer then says why it cannot write).
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
      const shared = await this.userLocks()
        .then((locks) => locks.acquire([`turn:${key}`], signal))
        .catch(() => undefined);
      try {
        return await body();
      } finally {
        await shared?.release();
      }
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  private async userLocks(): Promise<CrossProcessLocks> {
    return this.locks ?? (await import('@mcp-lsp-bridge/fs-adapter')).userLocks;
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
