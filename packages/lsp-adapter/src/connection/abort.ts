import type { Signal } from '@mcp-lsp-bridge/domain';

/**
 * Calls `onAbort` once when `signal` is aborted. An `AbortSignal` says so by event; the
 * bridge's deadline signal only answers when asked (its `aborted` getter reads the clock),
 * so it is also asked on a timer while the watch lasts. Returns the function that ends it.
 */
export function watchAbort(signal: Signal, onAbort: (reason: unknown) => void, pollMs = 50): () => void {
  let done = false;
  const fire = (): void => {
    if (done) return;
    done = true;
    stop();
    onAbort(signal.reason);
  };
  const target = signal as Partial<AbortSignal>;
  const listening = typeof target.addEventListener === 'function';
  if (listening) target.addEventListener?.('abort', fire, { once: true });
  const timer = setInterval(() => {
    if (signal.aborted) fire();
  }, pollMs);
  timer.unref();
  const stop = (): void => {
    clearInterval(timer);
    if (listening) target.removeEventListener?.('abort', fire);
  };
  if (signal.aborted) queueMicrotask(fire);
  return () => {
    done = true;
    stop();
  };
}
