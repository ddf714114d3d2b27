import { ServerFailureException, type ServerFailure } from '@mcp-lsp-bridge/domain';
import { ConnectionError, ErrorCodes, ResponseError } from 'vscode-languageserver-protocol/node';
import { serverName, type LanguageProfile } from '../languages/language-profile.js';

/** Which server failed, as the domain's wording of a failure needs it; `configFile`: the `.lsp.json` that applies to its workspace. */
export function serverFacts(profile: LanguageProfile, configFile: string): Omit<ServerFailure, 'what'> {
  return { server: serverName(profile), language: profile.displayName, otherBackend: profile.typescript !== undefined, configFile };
}

/** The server answered a request with an error (as opposed to crashing or timing out). */
export class ServerRequestError extends ServerFailureException {
  constructor(
    /** Which server it is (`serverFacts`). */
    facts: Omit<ServerFailure, 'what'>,
    method: string,
    /** The server's own message, concise (one line, no stack frames or install paths). */
    readonly serverMessage: string,
    /** The JSON-RPC error code of the answer (e.g. -32601 method not found), when it was one. */
    readonly rpcCode?: number,
    /** The server's whole message, stack included: for classifying the error, never shown. */
    readonly rawMessage: string = serverMessage,
  ) {
    super({ ...facts, what: { kind: 'refused', method, message: serverMessage } });
    this.name = 'ServerRequestError';
  }
}

const LOST_CONNECTION_CODES = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/**
 * An error of a connection to a process that is gone: writing to its pipe, or the connection
 * closed under a request (its stream ended before the process's exit was seen: "Connection is
 * closed.", pending responses rejected).
 */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof ConnectionError) return true;
  if (error instanceof ResponseError && (error.code === ErrorCodes.PendingResponseRejected || error.code === ErrorCodes.ConnectionInactive))
    return true;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && LOST_CONNECTION_CODES.has(code)) ||
    /\b(EPIPE|ECONNRESET)\b|write after end|stream was destroyed/i.test(error.message)
  );
}
