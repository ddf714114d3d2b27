import { dedupeSpans, type FileFailure, type FileOffset, type ReferencesAnswer } from '@mcp-lsp-bridge/domain';
import { unreachedPackages } from '@mcp-lsp-bridge/ts-workspace';
import type { CallContext } from '../call-context.js';
import { commonJsUses } from './commonjs-uses.js';
import { definitionsAt, withDeclarationFlags } from './definitions.js';
import { inSource, otherAnchors, reachAt, viewOf } from './package-anchors.js';
import { loadRelatedProjects, spelledNames } from './related-projects.js';

/**
 * The server's references, asked again once the other projects that spell the symbol's
 * names are loaded, and asked too at the symbol's declaration in its package's build output
 * (what consumers importing the package by name see) and in its source, with the uses of a
 * CommonJS export the server's search misses (see `commonJsUses`); in source, each
 * flagged where it declares the symbol. The workspace's project files that cannot be read,
 * and the consumer packages that could not be searched, are the answer's failures.
 */
export async function referencesAt(ctx: CallContext, at: FileOffset, maxOpenDocuments: number): Promise<ReferencesAnswer> {
  let spans = await ctx.references(at.path, at.offset);
  const names = spelledNames(ctx, spans);
  if (await loadRelatedProjects(ctx, names, maxOpenDocuments)) spans = await ctx.references(at.path, at.offset);
  const reach = await reachAt(ctx, at);
  for (const anchor of otherAnchors(at, reach)) spans.push(...(await ctx.references(anchor.path, anchor.offset)));
  spans.push(...(await commonJsUses(ctx, at, await definitionsAt(ctx, at))));
  const references = await withDeclarationFlags(ctx, dedupeSpans(inSource(ctx, spans)));
  const failures = unreadableProjectFiles(ctx);
  if (reach !== undefined) {
    const reached = new Set(references.map((r) => r.path));
    for (const pkg of unreachedPackages(ctx.workspace, viewOf(ctx), reach, names, reached)) {
      failures.push({ path: pkg.packageDir, reason: pkg.reason });
    }
  }
  return { references, failures };
}

function unreadableProjectFiles(ctx: CallContext): FileFailure[] {
  return ctx.projects().files.flatMap((file) => {
    const reason = ctx.workspace.files.failure(file);
    return reason === undefined ? [] : [{ path: file, reason }];
  });
}
