/**
 * The part of `AbortSignal` the domain relies on. The domain is compiled without DOM or
 * Node types, so it names the shape it needs; Node's `AbortSignal` satisfies it.
 */
export interface Signal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
}
