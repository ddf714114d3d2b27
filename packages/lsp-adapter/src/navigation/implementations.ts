import { dedupeSpans, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { ImplementationRequest } from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { spansOfLocations } from '../convert/locations.js';
import { uriOf } from '../convert/uris.js';
import { declarationOfName, nameAt } from '../typescript/syntax.js';
import { consumerPlaces, consumerSites, inSource, otherAnchors, reachAt } from './package-anchors.js';
import { loadFilesSpelling } from './related-projects.js';
import { navigationRequest } from './requests.js';

/**
 * The server's implementations, once the files that spell the implemented name are shown to it
 * (implementations elsewhere mention it: `implements Shape`).
 */
export async function implementationsAt(ctx: CallContext, at: FileOffset): Promise<SourceSpan[]> {
  await loadFilesSpelling(ctx, new Set([ctx.nameAt(at)]), at.path);
  const spans = await serverImplementations(ctx, at);
  if (ctx.typescript === undefined) return dedupeSpans(spans);
  // A server answers implementations from the project of the file asked in only: each consumer
  // package is asked at one of its references (which do cross projects). Asked in a declaration
  // file, where every declaration is ambient, the server counts imports too and maps them to
  // source: only names of declarations are implementations.
  const reach = await reachAt(ctx, at);
  const anchors = otherAnchors(at, reach);
  for (const site of await consumerSites(ctx, anchors.length > 0 ? anchors : consumerPlaces(ctx, at, reach, anchors))) {
    spans.push(...(await serverImplementations(ctx, site)).filter((span) => namesDeclaration(ctx, span)));
  }
  // In a declaration file every declaration is ambient, so TypeScript counts even its imports as
  // implementations: build output is left out, its package's own source answers for it.
  return dedupeSpans(inSource(ctx, spans, 'drop'));
}

/**
 * `textDocument/implementation` (a `Location`, `Location[]` or `LocationLink[]`; of a link,
 * the target's selection range, its name). typescript-language-server answers with the names
 * of the implementing classes and members.
 */
async function serverImplementations(ctx: CallContext, at: FileOffset): Promise<SourceSpan[]> {
  await ctx.live.sync.ensureOpen(at.path);
  const answer = await navigationRequest(ctx, ImplementationRequest.type, 'implementationProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: ctx.position(at.path, at.offset),
  });
  return spansOfLocations(answer, (uri, range) => ctx.span(uri, range));
}

function namesDeclaration(ctx: CallContext, span: SourceSpan): boolean {
  const text = ctx.lines(span.path)?.text;
  const node = text === undefined ? undefined : nameAt(ctx.workspace.syntax.get(span.path, text), span.start);
  return node !== undefined && declarationOfName(node) !== undefined;
}
