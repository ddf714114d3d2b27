import type { Signal } from '@mcp-lsp-bridge/domain';

interface Waiter {
  readonly paths: readonly string[];
  readonly grant: () => void;
}

/**
 * Locks over sets of files inside one process. A write holds every file it may replace from
 * reading them to the last rename, so two writes that share a file run one after the other:
 * the second reads what the first wrote and refuses with FILE_CHANGED, instead of both
 * passing their checks and replacing each other's files half-way.
 */
export class FileLocks {
  private readonly held = new Set<string>();
  private readonly waiting: Waiter[] = [];

  /** Resolves with the release function once none of `paths` is held; rejects if `signal` aborts first. */
  acquire(paths: readonly string[], signal: Signal): Promise<() => void> {
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const release = (): void => {
        for (const path of paths) this.held.delete(path);
        this.grantWaiting();
      };
      // Taking all paths in one synchronous step means two sets can never each hold part of
      // the other's: no deadlock, whatever the order of the paths.
      if (this.free(paths)) {
        this.hold(paths);
        resolve(release);
        return;
      }
      const onAbort = (): void => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(abortError(signal));
      };
      const waiter: Waiter = {
        paths,
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      this.waiting.push(waiter);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Files held right now (for tests and diagnostics). */
  get heldCount(): number {
    return this.held.size;
  }

  private grantWaiting(): void {
    for (const waiter of [...this.waiting]) {
      if (!this.free(waiter.paths)) continue;
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      this.hold(waiter.paths);
      waiter.grant();
    }
  }

  private free(paths: readonly string[]): boolean {
    return paths.every((path) => !this.held.has(path));
  }

  private hold(paths: readonly string[]): void {
    for (const path of paths) this.held.add(path);
  }
}

/** What `signal.throwIfAborted()` throws (its reason), as an `Error`. */
function abortError(signal: Signal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** Every writer of the process shares these: two bridges in one process still take turns. */
export const processFileLocks = new FileLocks();
