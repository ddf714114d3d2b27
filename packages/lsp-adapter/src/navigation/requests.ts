import { ServerFailureException } from '@mcp-lsp-bridge/domain';
import { ErrorCodes, type ServerCapabilities } from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { ServerRequestError } from '../connection/errors.js';
import type { AnyRequestType } from '../connection/language-server.js';

/**
 * A navigation request, refused up front when the server does not declare the capability and
 * turned into the same refusal when it answers "method not found": a server without a
 * feature must fail the call with a message naming it, not hang or answer empty.
 */
export async function navigationRequest<P, R>(
  ctx: CallContext,
  type: AnyRequestType<P, R>,
  capability: keyof ServerCapabilities,
  params: P,
): Promise<R> {
  const server = ctx.live.server;
  const declared: unknown = server.capabilities[capability];
  if (declared === undefined || declared === null || declared === false) throw unsupported(ctx, type.method, capability);
  try {
    return await server.request(type, params, ctx.signal);
  } catch (error) {
    // clangd 14 declares callHierarchyProvider yet has no callHierarchy/outgoingCalls.
    if (error instanceof ServerRequestError && error.rpcCode === ErrorCodes.MethodNotFound) throw unsupported(ctx, type.method);
    throw error;
  }
}

function unsupported(ctx: CallContext, method: string, capability?: string): ServerFailureException {
  return new ServerFailureException({
    ...ctx.live.server.failureFacts,
    what: { kind: 'unsupported', method, ...(capability === undefined ? {} : { capability }) },
  });
}
