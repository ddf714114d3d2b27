import { dedupeSpans, type FileFailure, type FileOffset, type ReferencesAnswer } from '@mcp-lsp-bridge/domain';
import { unreachedPackages } from '@mcp-lsp-bridge/ts-workspace';
import type { CallContext } from '../call-context.js';
import { commonJsUses } from './commonjs-uses.js';
import { definitionsAt } from './definitions.js';
import { inSource, otherAnchors, reachAt, viewOf } from './package-anchors.js';
import { loadFilesSpelling, spelledNames } from './related-projects.js';

/**
 * The server's references once the files that spell the symbol's names (its name, then the
 * aliases the first answer spells) are shown to it.
 * Over a TypeScript server, asked too at the symbol's declaration in its package's build output
 * (what consumers importing the package by name see) and in its source, with the uses of a
 * CommonJS export the server's search misses (see `commonJsUses`), answered in source; the
 * consumer packages that could not be searched are failures. The workspace's source files that
 * cannot be read are failures too.
 */
export async function referencesAt(ctx: CallContext, at: FileOffset): Promise<ReferencesAnswer> {
  await loadFilesSpelling(ctx, new Set([ctx.nameAt(at)]), at.path);
  let spans = await ctx.references(at.path, at.offset);
  const names = spelledNames(ctx, spans);
  if (await loadFilesSpelling(ctx, names, at.path)) spans = await ctx.references(at.path, at.offset);
  const failures = unreadableSources(ctx);
  if (ctx.typescript === undefined) return { references: dedupeSpans(spans), failures };
  const reach = await reachAt(ctx, at);
  for (const anchor of otherAnchors(at, reach)) spans.push(...(await ctx.references(anchor.path, anchor.offset)));
  spans.push(...(await commonJsUses(ctx, at, await definitionsAt(ctx, at))));
  const references = dedupeSpans(inSource(ctx, spans));
  if (reach !== undefined) {
    const reached = new Set(references.map((r) => r.path));
    for (const pkg of unreachedPackages(ctx.workspace, viewOf(ctx), reach, names, reached)) {
      failures.push({ path: pkg.packageDir, reason: pkg.reason });
    }
  }
  return { references, failures };
}

/** The workspace's source files of the server's language that cannot be read: a search could not look at them. */
export function unreadableSources(ctx: CallContext): FileFailure[] {
  return ctx.sourceFiles().flatMap((file) => {
    const reason = ctx.workspace.files.failure(file);
    return reason === undefined ? [] : [{ path: file, reason }];
  });
}
