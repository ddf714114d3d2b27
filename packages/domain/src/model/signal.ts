/**
 * The part of `AbortSignal` the domain relies on. The domain is compiled without DOM or
 * Node types, so it names the shape it needs; Node's `AbortSignal` satisfies it.
 * `aborted` may turn true without an event yet (a deadline read from the clock while
 * synchronous work blocks the timer); the `abort` event follows as soon as it can.
 */
export interface Signal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
