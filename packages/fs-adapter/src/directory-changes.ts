import { watch, type FSWatcher } from 'node:fs';
import type { Signal } from '@mcp-lsp-bridge/domain';

/**
 * How long a waiter goes without an event before it looks again anyway: a holder that dies sends
 * no event, and a platform may deliver none. Growing, then bounded.
 */
const FALLBACK_MS = [20, 50, 100, 200, 500] as const;

/**
 * The changes of one directory, for a waiter: `next` resolves at the first change since the
 * previous `next` (at once if one came meanwhile), after the fallback delay, or rejects when the
 * signal aborts. Never a busy loop: between looks the process only waits for an event or a timer.
 */
export class DirectoryChanges {
  private readonly watcher: FSWatcher | undefined;
  private pending = false;
  private wake: (() => void) | undefined;
  private quiet = 0;

  constructor(dir: string) {
    let watcher: FSWatcher | undefined;
    try {
      watcher = watch(dir, { persistent: false }, () => {
        this.pending = true;
        this.wake?.();
      });
      // A watch that fails later (the directory removed) leaves the fallback.
      watcher.on('error', () => watcher?.close());
    } catch {
      watcher = undefined;
    }
    this.watcher = watcher;
  }

  async next(signal: Signal): Promise<void> {
    if (this.takeChange()) return;
    const delay = FALLBACK_MS[Math.min(this.quiet++, FALLBACK_MS.length - 1)];
    await new Promise<void>((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.wake = undefined;
      };
      const done = (): void => {
        finish();
        resolve();
      };
      const onAbort = (): void => {
        finish();
        try {
          signal.throwIfAborted();
        } catch (reason) {
          reject(reason instanceof Error ? reason : new Error(String(reason)));
        }
      };
      const timer = setTimeout(done, delay);
      this.wake = done;
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) onAbort();
    });
    this.takeChange();
  }

  /** Whether a change came since the last look (which resets the fallback delay); forgets it. */
  private takeChange(): boolean {
    const changed = this.pending;
    this.pending = false;
    if (changed) this.quiet = 0;
    return changed;
  }

  close(): void {
    this.watcher?.close();
  }
}
