import type { ActionEdits, CodeActionQuery, CodeActionsAnswer, FormatAnswer, FormatQuery } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { offersTsserverRequests } from '../typescript/tsserver-request.js';
import { lspCodeActionEdits, lspCodeActions } from './lsp-actions.js';
import { lspFormatEdits } from './lsp-format.js';
import { tsserverCodeActionEdits, tsserverCodeActions, tsserverFormatEdits } from './tsserver-actions.js';

/** A TypeScript server's code actions: its tsserver's own requests where it forwards them, else LSP's. */
export function codeActionsOf(ctx: CallContext, query: CodeActionQuery, timeoutMs: number): Promise<CodeActionsAnswer> {
  return offersTsserverRequests(ctx) ? tsserverCodeActions(ctx, query) : lspCodeActions(ctx, query, timeoutMs);
}

export function codeActionEditsOf(
  ctx: CallContext,
  query: CodeActionQuery,
  ref: string,
  timeoutMs: number,
): Promise<ActionEdits | undefined> {
  return offersTsserverRequests(ctx) ? tsserverCodeActionEdits(ctx, query, ref) : lspCodeActionEdits(ctx, query, ref, timeoutMs);
}

export function formatEditsOf(ctx: CallContext, query: FormatQuery): Promise<FormatAnswer> {
  return offersTsserverRequests(ctx) ? tsserverFormatEdits(ctx, query) : lspFormatEdits(ctx, query);
}
