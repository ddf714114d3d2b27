import type { Signal } from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';

/**
 * One token for every language service: TypeScript reads it from the host once, when
 * the service is created, so it forwards to the signal of the call in progress.
 */
export class SignalCancellationToken implements ts.HostCancellationToken {
  signal: Signal | undefined;

  isCancellationRequested(): boolean {
    return this.signal?.aborted === true;
  }
}

/** What a cancelled call rejects with: the signal's reason, as `AbortSignal.throwIfAborted` would. */
function cancellationError(signal: Signal): unknown {
  return signal.reason ?? new Error('The operation was cancelled');
}

/** Thrown by our own loops when the token says stop; becomes the abort reason like TypeScript's exception. */
export class CancelledError extends Error {
  constructor() {
    super('The operation was cancelled');
    this.name = 'CancelledError';
  }
}

/**
 * Turns TypeScript's OperationCanceledException (of whichever loaded version threw it, as
 * `isCancellation` tells), or anything thrown once aborted, into the abort reason.
 */
export function rethrowCancelled(error: unknown, signal: Signal, isCancellation: (error: unknown) => boolean): never {
  if (isCancellation(error) || error instanceof CancelledError || signal.aborted) throw cancellationError(signal);
  throw error;
}
