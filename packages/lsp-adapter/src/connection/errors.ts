import { BridgeException, ErrorCode, bridgeError, type BridgeError } from '@mcp-lsp-bridge/domain';

export function serverError(message: string, resolution?: string): BridgeException {
  return new BridgeException(bridgeError(ErrorCode.LANGUAGE_SERVER_ERROR, message, resolution));
}

export const RETRY_RESOLUTION =
  'Retry the call: the language server is restarted on the next call. If it keeps failing, check the project configuration or switch LSP_BRIDGE_BACKEND to tsservice.';

/** The server answered a request with an error (as opposed to crashing or timing out). */
export class ServerRequestError extends BridgeException {
  constructor(
    error: BridgeError,
    /** The server's own message, concise (first line, no stack frames or install paths). */
    readonly serverMessage: string,
    /** The JSON-RPC error code of the answer (e.g. -32601 method not found), when it was one. */
    readonly rpcCode?: number,
    /** The server's whole message, stack included: for classifying the error, never shown. */
    readonly rawMessage: string = serverMessage,
  ) {
    super(error);
    this.name = 'ServerRequestError';
  }
}

const LOST_CONNECTION_CODES = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/** An error of writing to a process whose pipe is gone. */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && LOST_CONNECTION_CODES.has(code)) ||
    /\b(EPIPE|ECONNRESET)\b|write after end|stream was destroyed/i.test(error.message)
  );
}
