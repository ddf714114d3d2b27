import { spanKey, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { isWorkspaceFile, packageReach, type PackageReach, type WorkspaceView } from '@mcp-lsp-bridge/ts-workspace';
import type { CallContext } from '../call-context.js';

/** The workspace as the build-output lookups see it during this call. */
export function viewOf(ctx: CallContext): WorkspaceView {
  return ctx.workspace.view(ctx.scope.workspaceRoot, ctx.live.inventory.listing);
}

/** How the symbol at `at` is declared across the workspace's packages, or `undefined` when it is declared outside it. */
export async function reachAt(ctx: CallContext, at: FileOffset): Promise<PackageReach | undefined> {
  const found = (await ctx.definition(at.path, at.offset)).filter((d) => isWorkspaceFile(ctx.scope.workspaceRoot, d.path));
  return found.length === 0 ? undefined : packageReach(ctx.workspace.outputs, viewOf(ctx), found);
}

/**
 * The other places to ask at so that every package is searched: a server that has a consumer's
 * project loaded finds the consumer's uses from the declaration in the build output the consumer
 * imports (and, without a declaration map it can follow, only from there), and the declaring
 * package's own uses from its source. None for a symbol no build output declares (a local, a
 * package its consumers see through source).
 */
export function otherAnchors(at: FileOffset, reach: PackageReach | undefined): FileOffset[] {
  if (reach === undefined || reach.outputs.length === 0) return [];
  const here = spanKey({ path: at.path, start: at.offset });
  return [...reach.sources, ...reach.outputs].filter((s) => spanKey(s) !== here).map((s) => ({ path: s.path, offset: s.start }));
}

/** Spans in source (see `BuildOutputs.inSource`). */
export function inSource(ctx: CallContext, spans: readonly SourceSpan[], unmapped: 'map' | 'drop' = 'map'): SourceSpan[] {
  return ctx.workspace.outputs.inSource(viewOf(ctx), spans, unmapped);
}
