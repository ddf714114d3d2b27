import { ExecuteCommandRequest } from 'vscode-languageserver-protocol/node.js';
import type { CallContext } from '../call-context.js';

/** typescript-language-server forwards any tsserver command given to this one. */
export const TSSERVER_REQUEST_COMMAND = 'typescript.tsserverRequest';

/** Whether the server forwards tsserver commands (typescript-language-server does). */
export function offersTsserverRequests(ctx: CallContext): boolean {
  return ctx.live.server.capabilities.executeCommandProvider?.commands.includes(TSSERVER_REQUEST_COMMAND) === true;
}

/** A tsserver command through the server; its response body. */
export async function tsserverRequest(ctx: CallContext, command: string, args: Record<string, unknown>): Promise<unknown> {
  const response = (await ctx.live.server.request(
    ExecuteCommandRequest.type,
    { command: TSSERVER_REQUEST_COMMAND, arguments: [command, args] },
    ctx.signal,
  )) as { success?: boolean; body?: unknown; message?: string } | null | undefined;
  if (response?.success === false) throw new Error(`tsserver ${command} failed: ${response.message ?? 'no message'}`);
  return response?.body;
}
