import { setMaxListeners } from 'node:events';
import type { Signal } from '@mcp-lsp-bridge/domain';

/** A call's signal; disposing of it when the call is over stops its timer. */
export interface DeadlineSignal extends Signal, Disposable {}

/**
 * The caller's signal plus a deadline. TypeScript's in-process work is synchronous, so a
 * timer cannot fire while it runs: `aborted` also reads the clock, and TypeScript's
 * cancellation token polls it during long checks. Everything that waits (a language
 * server's answer, a queue) listens for the `abort` event, which the timer fires.
 */
export function deadlineSignal(parent: AbortSignal, timeoutMs: number): DeadlineSignal {
  const deadline = Date.now() + timeoutMs;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(timeoutError(timeoutMs)), timeoutMs);
  timer.unref();
  const events = AbortSignal.any([parent, timeout.signal]);
  // One call fans out into many waits (a project's files checked several at a time), each
  // listening for the abort and removing its listener when it settles: not a leak.
  setMaxListeners(0, events);
  events.addEventListener('abort', () => clearTimeout(timer), { once: true });
  // A timer may fire a millisecond before the clock reads the deadline: once it has, the
  // signal is aborted whatever the clock says, so a listener woken by it sees why.
  const timedOut = (): boolean => timeout.signal.aborted || Date.now() >= deadline;
  const signal: DeadlineSignal = {
    get aborted() {
      return parent.aborted || timedOut();
    },
    get reason(): unknown {
      if (parent.aborted) return parent.reason as unknown;
      return timedOut() ? timeoutError(timeoutMs) : undefined;
    },
    throwIfAborted() {
      if (signal.aborted) throw signal.reason;
    },
    addEventListener(type, listener, options) {
      events.addEventListener(type, listener, options);
    },
    removeEventListener(type, listener) {
      events.removeEventListener(type, listener);
    },
    // A finished call's timer would otherwise keep its signal (and what listens to it) for the
    // rest of the timeout: a server answering many quick calls held megabytes that way.
    [Symbol.dispose]() {
      clearTimeout(timer);
    },
  };
  return signal;
}

function timeoutError(timeoutMs: number): Error {
  const error = new Error(`the call timed out after ${timeoutMs} ms (LSP_BRIDGE_REQUEST_TIMEOUT_MS)`);
  error.name = 'TimeoutError';
  return error;
}
