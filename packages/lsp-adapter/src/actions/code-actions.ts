import type { ActionEdits, CodeActionQuery, CodeActionsAnswer, FormatAnswer, FormatQuery } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { offersTsserverRequests } from '../typescript/tsserver-request.js';
import { lspCodeActionEdits, lspCodeActions } from './lsp-actions.js';
import { lspFormatEdits } from './lsp-format.js';
import { tsserverCodeActionEdits, tsserverCodeActions, tsserverFormatEdits } from './tsserver-actions.js';

/** A server's code actions: typescript-language-server's tsserver's own requests, any other server's `textDocument/codeAction`. */
export function codeActionsOf(ctx: CallContext, query: CodeActionQuery): Promise<CodeActionsAnswer> {
  return offersTsserverRequests(ctx.live.server) ? tsserverCodeActions(ctx, query) : lspCodeActions(ctx, query);
}

export function codeActionEditsOf(ctx: CallContext, query: CodeActionQuery, ref: string): Promise<ActionEdits | undefined> {
  return offersTsserverRequests(ctx.live.server) ? tsserverCodeActionEdits(ctx, query, ref) : lspCodeActionEdits(ctx, query, ref);
}

export function formatEditsOf(ctx: CallContext, query: FormatQuery): Promise<FormatAnswer> {
  return offersTsserverRequests(ctx.live.server) ? tsserverFormatEdits(ctx, query) : lspFormatEdits(ctx, query);
}
