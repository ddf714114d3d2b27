import { dedupeSpans, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { TypeDefinitionRequest } from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { spansOfLocations } from '../convert/locations.js';
import { uriOf } from '../convert/uris.js';
import { inSource } from './package-anchors.js';
import { loadFilesSpelling } from './related-projects.js';
import { navigationRequest } from './requests.js';

/**
 * The server's `textDocument/typeDefinition` at `at`; refused naming the server when it has none.
 * Over a TypeScript server, one in a workspace package's build output is its source's, as for
 * definitions; another language's server is first shown the files that spell the name.
 */
export async function typeDefinitionsAt(ctx: CallContext, at: FileOffset): Promise<SourceSpan[]> {
  if (ctx.typescript === undefined) await loadFilesSpelling(ctx, new Set([ctx.nameAt(at)]), at.path);
  await ctx.live.sync.ensureOpen(at.path);
  const answer = await navigationRequest(ctx, TypeDefinitionRequest.type, 'typeDefinitionProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: ctx.position(at.path, at.offset),
  });
  const spans = dedupeSpans(spansOfLocations(answer, (uri, range) => ctx.span(uri, range)));
  return ctx.typescript === undefined ? spans : inSource(ctx, spans);
}
