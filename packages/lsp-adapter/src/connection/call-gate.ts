import type { Signal } from '@mcp-lsp-bridge/domain';
import { onAbort } from './abort.js';

interface Waiter {
  readonly exclusive: boolean;
  readonly grant: () => void;
}

/**
 * Who may talk to one language server at a time: any number of shared calls together, or
 * one exclusive call alone (a call that shows the server texts other calls must not see, or
 * that changes what the server sees under calls in flight). Waiters are served in arrival
 * order, so a waiting exclusive call is not starved by shared calls arriving after it. A
 * waiter whose signal aborts leaves the queue at once with the signal's reason.
 */
export class CallGate {
  private shared = 0;
  private exclusive = false;
  private readonly waiting: Waiter[] = [];

  /** Waits for entry; the returned function leaves (once). */
  enter(exclusive: boolean, signal: Signal): Promise<Pass> {
    signal.throwIfAborted();
    return new Promise<Pass>((resolve, reject) => {
      const waiter: Waiter = {
        exclusive,
        grant: () => {
          stop();
          resolve(this.pass(exclusive));
        },
      };
      const stop = onAbort(signal, (reason) => {
        const index = this.waiting.indexOf(waiter);
        if (index < 0) return;
        this.waiting.splice(index, 1);
        reject(reason instanceof Error ? reason : new Error(String(reason)));
        this.admit();
      });
      this.waiting.push(waiter);
      this.admit();
    });
  }

  /** Calls inside now (for tests and logs). */
  get occupancy(): { readonly shared: number; readonly exclusive: boolean; readonly waiting: number } {
    return { shared: this.shared, exclusive: this.exclusive, waiting: this.waiting.length };
  }

  private pass(exclusive: boolean): Pass {
    if (exclusive) this.exclusive = true;
    else this.shared++;
    let mode: 'shared' | 'exclusive' | 'gone' = exclusive ? 'exclusive' : 'shared';
    return {
      downgrade: () => {
        if (mode !== 'exclusive') return;
        mode = 'shared';
        this.exclusive = false;
        this.shared++;
        this.admit();
      },
      leave: () => {
        if (mode === 'gone') return;
        if (mode === 'exclusive') this.exclusive = false;
        else this.shared--;
        mode = 'gone';
        this.admit();
      },
    };
  }

  private admit(): void {
    for (let next = this.waiting[0]; next !== undefined; next = this.waiting[0]) {
      const free = next.exclusive ? !this.exclusive && this.shared === 0 : !this.exclusive;
      if (!free) return;
      this.waiting.shift();
      next.grant();
    }
  }
}

export interface Pass {
  /** An exclusive pass becomes shared, letting waiting shared calls in with it. */
  downgrade(): void;
  leave(): void;
}
