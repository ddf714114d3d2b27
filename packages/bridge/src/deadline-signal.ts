import { setMaxListeners } from 'node:events';
import type { Signal } from '@mcp-lsp-bridge/domain/front';

/** A call's signal; disposing of it when the call is over stops its timer. */
export interface DeadlineSignal extends Signal, Disposable {}

/**
 * The caller's signal plus a deadline. TypeScript's in-process work is synchronous, so a
 * timer cannot fire while it runs: `aborted` also reads the clock, and TypeScript's
 * cancellation token polls it during long checks. Everything that waits (a language
 * server's answer, a queue) listens for the `abort` event, which the timer fires.
 *
 * The timer and the signal the listeners hang on are made when the first listener comes: a
 * call answered by the in-process service has none, and making them (an `AbortSignal.any`,
 * an `AbortController`, a timer) was 40 µs of every warm call (issue 25).
 */
export function deadlineSignal(parent: AbortSignal, timeoutMs: number): DeadlineSignal {
  const deadline = Date.now() + timeoutMs;
  let timeout: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;
  let events: AbortSignal | undefined;
  let disposed = false;
  const listened = (): AbortSignal => {
    if (events !== undefined) return events;
    const controller = new AbortController();
    timeout = controller;
    // Past the deadline, the timer fires on the next turn, as the one made up front would have;
    // a call disposed of has none any more.
    if (!disposed) {
      const running = setTimeout(() => controller.abort(timeoutError(timeoutMs)), Math.max(0, deadline - Date.now()));
      running.unref();
      timer = running;
    }
    events = AbortSignal.any([parent, controller.signal]);
    // One call fans out into many waits (a project's files checked several at a time), each
    // listening for the abort and removing its listener when it settles: not a leak.
    setMaxListeners(0, events);
    events.addEventListener('abort', () => clearTimeout(timer), { once: true });
    return events;
  };
  // A timer may fire a millisecond before the clock reads the deadline: once it has, the
  // signal is aborted whatever the clock says, so a listener woken by it sees why.
  const timedOut = (): boolean => timeout?.signal.aborted === true || Date.now() >= deadline;
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
      listened().addEventListener(type, listener, options);
    },
    removeEventListener(type, listener) {
      events?.removeEventListener(type, listener);
    },
    // A finished call's timer would otherwise keep its signal (and what listens to it) for the
    // rest of the timeout: a server answering many quick calls held megabytes that way.
    [Symbol.dispose]() {
      disposed = true;
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
