import { bridgeErrorOf, toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { Signal } from '../model/signal.js';
import { GET_DIAGNOSTICS } from '../catalogue/operation-names.js';

/**
 * Runs a use-case body and turns whatever it throws into data: an adapter's
 * `BridgeException` keeps its code, a cancellation becomes CANCELLED, anything else is a
 * LANGUAGE_SERVER_ERROR that carries the original message.
 */
export async function guard<T>(signal: Signal, body: () => Promise<T | ToolError>): Promise<T | ToolError> {
  try {
    signal.throwIfAborted();
    return await body();
  } catch (thrown) {
    const known = bridgeErrorOf(thrown);
    if (known) return { success: false, error: known };
    if (signal.aborted) {
      if (isTimeout(signal.reason)) {
        return toolError(
          ErrorCode.LANGUAGE_SERVER_ERROR,
          `The language service did not answer in time: ${describe(signal.reason)}`,
          `Retry: once a project is loaded, calls are much faster. For a very large project, narrow the request (pass filePath to ${GET_DIAGNOSTICS}) or raise the request timeout.`,
        );
      }
      return toolError(ErrorCode.CANCELLED, `The call was cancelled: ${describe(signal.reason)}`);
    }
    return toolError(ErrorCode.LANGUAGE_SERVER_ERROR, `The language service failed: ${describe(thrown)}`);
  }
}

function isTimeout(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError';
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  return String(value);
}
