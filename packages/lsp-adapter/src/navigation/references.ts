import { dedupeSpans, type FileFailure, type FileOffset, type ReferencesAnswer } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { withDeclarationFlags } from './definitions.js';
import { loadRelatedProjects, spelledNames } from './related-projects.js';

/**
 * The server's references, asked again once the other projects that spell the symbol's
 * names are loaded, each flagged where it declares the symbol. The workspace's project files
 * that cannot be read are the answer's failures: the server could not use them.
 */
export async function referencesAt(ctx: CallContext, at: FileOffset, maxOpenDocuments: number): Promise<ReferencesAnswer> {
  let spans = await ctx.references(at.path, at.offset);
  if (await loadRelatedProjects(ctx, spelledNames(ctx, spans), maxOpenDocuments)) spans = await ctx.references(at.path, at.offset);
  const references = await withDeclarationFlags(ctx, dedupeSpans(spans));
  return { references, failures: unreadableProjectFiles(ctx) };
}

function unreadableProjectFiles(ctx: CallContext): FileFailure[] {
  return ctx.projects().files.flatMap((file) => {
    const reason = ctx.workspace.files.failure(file);
    return reason === undefined ? [] : [{ path: file, reason }];
  });
}
