import type { Signal } from '@mcp-lsp-bridge/domain';

/**
 * Calls `onAbort` once when `signal` aborts (on the next tick if it already has). Returns
 * the function that stops listening.
 */
export function onAbort(signal: Signal, onAbort: (reason: unknown) => void): () => void {
  let done = false;
  const fire = (): void => {
    if (done) return;
    done = true;
    signal.removeEventListener('abort', fire);
    onAbort(signal.reason);
  };
  signal.addEventListener('abort', fire, { once: true });
  if (signal.aborted) queueMicrotask(fire);
  return () => {
    done = true;
    signal.removeEventListener('abort', fire);
  };
}

/** A signal that aborts when `signal` does or after `timeoutMs`, with `timeoutError` as the reason. */
export function withTimeout(signal: Signal, timeoutMs: number, timeoutError: () => Error): { signal: Signal; dispose: () => void } {
  return withProgressTimeout(signal, timeoutMs, NO_PROGRESS, timeoutError);
}

/** A wait whose timeout no progress extends. */
const NO_PROGRESS = { remaining: (): number => 0 };

/**
 * `withTimeout` for a wait on a server that may report progress: the timeout counts from the
 * later of the start and the server's last progress, and never runs out while work is in progress.
 */
export function withProgressTimeout(
  signal: Signal,
  timeoutMs: number,
  progress: { remaining(timeoutMs: number, since: number): number },
  timeoutError: () => Error,
): { signal: Signal; dispose: () => void } {
  const controller = new AbortController();
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number): void => {
    timer = setTimeout(() => {
      const left = progress.remaining(timeoutMs, started);
      if (left > 0) arm(left);
      else controller.abort(timeoutError());
    }, ms);
    timer.unref();
  };
  arm(timeoutMs);
  const stop = onAbort(signal, (reason) => controller.abort(reason));
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      stop();
    },
  };
}

/**
 * `promise`, or a rejection with `signal`'s reason as soon as it aborts: for a wait on work
 * that others share (a server starting), which one waiter's cancellation must not stop.
 */
export function unlessAborted<T>(promise: Promise<T>, signal: Signal): Promise<T> {
  const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));
  if (signal.aborted) return Promise.reject(asError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const stop = onAbort(signal, (reason) => reject(asError(reason)));
    promise.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(asError(error));
      },
    );
  });
}
