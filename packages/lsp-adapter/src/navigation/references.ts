import { dedupeSpans, type FileFailure, type FileOffset, type ReferencesAnswer } from '@mcp-lsp-bridge/domain';
import { packageReachFacts } from '@mcp-lsp-bridge/ts-workspace';
import type { CallContext } from '../call-context.js';
import { commonJsUses } from './commonjs-uses.js';
import { definitionsAt } from './definitions.js';
import { inSource, otherAnchors, reachAt, viewOf } from './package-anchors.js';
import { loadFilesSpelling, spelledNames } from './related-projects.js';
import { showUnlistedImporters } from './unlisted-importers.js';
import { outsideBuildUses } from '../rename/outside-build.js';

/**
 * The server's references once the files that spell the symbol's names (its name, then the
 * aliases the first answer spells) are shown to it.
 * Over a TypeScript server, asked too at the symbol's declaration in its package's build output
 * (what consumers importing the package by name see) and in its source, with the uses of a
 * CommonJS export the server's search misses (see `commonJsUses`), answered in source; the
 * consumer packages that could not be searched are failures. The workspace files no config lists
 * that import a project's file are shown to it too (see `showUnlistedImporters`). The workspace's
 * source files that cannot be read, and the unlisted importers that could not be shown, are
 * failures too. Over another language's server, the names in files outside its build that the
 * symbol's package reaches (gopls: a build constraint; see `outsideBuildUses`).
 */
export async function referencesAt(ctx: CallContext, at: FileOffset): Promise<ReferencesAnswer> {
  const asked = new Set([ctx.nameAt(at)]);
  await loadFilesSpelling(ctx, asked, at.path);
  const declarations = ctx.typescript === undefined ? [] : await definitionsAt(ctx, at);
  const reserved = ctx.typescript === undefined ? 0 : ctx.projects().configs.length + 1;
  const shown = await showUnlistedImporters(ctx, declarations, asked, reserved);
  let spans = await ctx.references(at.path, at.offset);
  const names = spelledNames(ctx, spans);
  const loaded = await loadFilesSpelling(ctx, names, at.path);
  // Aliases the first answer spells (`export { x as y }`) may be all an importer spells: those are shown too.
  const more = await showUnlistedImporters(ctx, declarations, names, reserved);
  if (loaded || more.opened) spans = await ctx.references(at.path, at.offset);
  const failures = [...unreadableSources(ctx), ...dedupeFailures([...shown.failures, ...more.failures])];
  if (ctx.typescript === undefined) {
    const outsideBuild = await outsideBuildUses(ctx, at, spans);
    return { references: dedupeSpans(spans), failures, ...(outsideBuild.length > 0 ? { outsideBuild } : {}) };
  }
  const reach = await reachAt(ctx, at);
  for (const anchor of otherAnchors(at, reach)) spans.push(...(await ctx.references(anchor.path, anchor.offset)));
  spans.push(...(await commonJsUses(ctx, at, declarations)));
  const references = dedupeSpans(inSource(ctx, spans));
  if (reach === undefined) return { references, failures };
  const reached = new Set(references.map((r) => r.path));
  return { references, failures, packages: packageReachFacts(ctx.workspace, viewOf(ctx), reach, names, reached) };
}

/** The workspace's source files of the server's language that cannot be read: a search could not look at them. */
export function unreadableSources(ctx: CallContext): FileFailure[] {
  return ctx.sourceFiles().flatMap((file) => {
    const reason = ctx.workspace.files.failure(file);
    return reason === undefined ? [] : [{ path: file, reason }];
  });
}

function dedupeFailures(failures: readonly FileFailure[]): FileFailure[] {
  return [...new Map(failures.map((f) => [f.path, f])).values()];
}
