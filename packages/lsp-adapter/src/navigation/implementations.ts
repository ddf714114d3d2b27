import type { FileOffset, SourceSpan } from '@mcp-lsp-bridge/domain';
import { ImplementationRequest } from 'vscode-languageserver-protocol/node.js';
import type { CallContext } from '../call-context.js';
import { uriOf } from '../document-sync.js';
import { navigationRequest } from './requests.js';

/**
 * `textDocument/implementation` (a `Location`, `Location[]` or `LocationLink[]`; of a link,
 * the target's selection range, its name). typescript-language-server answers with the names
 * of the implementing classes and members.
 */
export async function implementationsAt(ctx: CallContext, at: FileOffset): Promise<SourceSpan[]> {
  await ctx.live.sync.ensureOpen(at.path);
  const answer = await navigationRequest(ctx, ImplementationRequest.type, 'implementationProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: ctx.position(at.path, at.offset),
  });
  return ctx.locations(answer);
}
