import { describe, expect, it } from 'vitest';
import { ConnectionError, ConnectionErrors, ErrorCodes, ResponseError } from 'vscode-languageserver-protocol/node';
import { isConnectionLost } from '../src/connection/errors.js';

describe('isConnectionLost', () => {
  it("is a server gone: a pipe written after its end, or the connection closed under a request (vscode-jsonrpc's own errors)", () => {
    expect(isConnectionLost(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(isConnectionLost(new ConnectionError(ConnectionErrors.Closed, 'Connection is closed.'))).toBe(true);
    expect(isConnectionLost(new ConnectionError(ConnectionErrors.Disposed, 'Connection is disposed.'))).toBe(true);
    expect(
      isConnectionLost(new ResponseError(ErrorCodes.PendingResponseRejected, 'Pending response rejected since connection got disposed')),
    ).toBe(true);
  });

  it("is not a server's answer with an error", () => {
    expect(isConnectionLost(new ResponseError(ErrorCodes.InternalError, 'boom'))).toBe(false);
    expect(isConnectionLost(new ResponseError(ErrorCodes.MethodNotFound, 'Unhandled method'))).toBe(false);
    expect(isConnectionLost(new Error('Request textDocument/definition failed.'))).toBe(false);
  });
});
