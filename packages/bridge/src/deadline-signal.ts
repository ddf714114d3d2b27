import type { Signal } from '@mcp-lsp-bridge/domain';

/**
 * The caller's signal plus a deadline. TypeScript's in-process work is synchronous, so an
 * `AbortSignal.timeout` timer cannot fire while it runs; this signal answers `aborted` by
 * looking at the clock, and TypeScript's cancellation token polls it during long checks.
 */
export function deadlineSignal(parent: AbortSignal, timeoutMs: number): Signal {
  const deadline = Date.now() + timeoutMs;
  const timedOut = (): boolean => Date.now() >= deadline;
  const signal: Signal = {
    get aborted() {
      return parent.aborted || timedOut();
    },
    get reason(): unknown {
      const callerReason: unknown = parent.reason;
      if (parent.aborted) return callerReason;
      return timedOut() ? timeoutError(timeoutMs) : undefined;
    },
    throwIfAborted() {
      if (signal.aborted) throw signal.reason;
    },
  };
  return signal;
}

function timeoutError(timeoutMs: number): Error {
  const error = new Error(`the call timed out after ${timeoutMs} ms (LSP_BRIDGE_REQUEST_TIMEOUT_MS)`);
  error.name = 'TimeoutError';
  return error;
}
