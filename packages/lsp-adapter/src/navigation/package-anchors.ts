import { spanKey, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import {
  constructorPlace,
  isWorkspaceFile,
  packageOf,
  packageReach,
  type PackageReach,
  type WorkspaceView,
} from '@mcp-lsp-bridge/ts-workspace';
import { nameAt } from '../typescript/syntax.js';
import type { CallContext } from '../call-context.js';

/** The workspace as the build-output lookups see it during this call. */
export function viewOf(ctx: CallContext): WorkspaceView {
  return ctx.workspace.view(ctx.scope.workspaceRoot, ctx.live.inventory.listing);
}

/**
 * How the symbol at `at` is declared across the workspace's packages, or `undefined` when it is
 * declared outside it. A class's constructor (a definition of `new C()`) is not the class's declaration.
 */
export async function reachAt(ctx: CallContext, at: FileOffset): Promise<PackageReach | undefined> {
  const found = (await serverDefinitions(ctx, at)).filter(
    (d) => isWorkspaceFile(ctx.scope.workspaceRoot, d.path) && constructorAt(ctx, d)?.start !== d.start,
  );
  return found.length === 0 ? undefined : packageReach(ctx.workspace.outputs, viewOf(ctx), found);
}

/**
 * The server's definitions, in source. tsserver maps a definition in another package's build
 * output to its source through the declaration map, and a map places a constructor
 * (`constructor(side: number);`) on its first parameter: such a definition is the constructor's
 * (at its keyword, as TypeScript answers `new C()` where the source is in the program); any
 * other definition in another built package that spells another name is left out when one
 * spelling the name asked about is there.
 */
export async function serverDefinitions(ctx: CallContext, at: FileOffset): Promise<readonly SourceSpan[]> {
  return withoutMisplaced(ctx, at, inSource(ctx, await ctx.definition(at.path, at.offset)));
}

/** The definitions of the name at `at` less those a declaration map misplaced (see `serverDefinitions`). */
export function withoutMisplaced(ctx: CallContext, at: FileOffset, found: readonly SourceSpan[]): readonly SourceSpan[] {
  const name = spelled(ctx, { path: at.path, start: at.offset, length: 0 });
  const view = viewOf(ctx);
  const { outputs } = ctx.workspace;
  const packages = outputs.packages(view);
  const home = packageOf(packages, at.path);
  const misplaced = (d: SourceSpan): boolean => {
    const pkg = packageOf(packages, d.path);
    return pkg !== undefined && pkg !== home && outputs.hasOutput(view, pkg) && spelled(ctx, d) !== name;
  };
  const kept = found.flatMap((d) => {
    if (!misplaced(d)) return [d];
    const constructor = constructorAt(ctx, d);
    return constructor === undefined ? [] : [constructor];
  });
  return kept.some((d) => spelled(ctx, d) === name) ? kept : found;
}

/** The constructor named at the span's start (its keyword, or its first parameter: see `constructorPlace`). */
function constructorAt(ctx: CallContext, span: SourceSpan): SourceSpan | undefined {
  const text = ctx.lines(span.path)?.text;
  const place = text === undefined ? undefined : constructorPlace(ctx.workspace.syntax.get(span.path, text), span.start);
  return place === undefined ? undefined : { path: span.path, ...place };
}

/** The identifier at the span's start. */
function spelled(ctx: CallContext, span: SourceSpan): string | undefined {
  const text = ctx.lines(span.path)?.text;
  return text === undefined ? undefined : nameAt(ctx.workspace.syntax.get(span.path, text), span.start)?.text;
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

/** The anchors, and one reference in each other workspace package the references from them reach. */
export async function consumerSites(ctx: CallContext, anchors: readonly FileOffset[]): Promise<FileOffset[]> {
  const view = viewOf(ctx);
  const { outputs } = ctx.workspace;
  const packages = outputs.packages(view);
  const sites = new Map<string, FileOffset>();
  for (const anchor of anchors) {
    sites.set(`anchor:${anchor.path}:${anchor.offset}`, anchor);
    for (const reference of await ctx.references(anchor.path, anchor.offset)) {
      const pkg = packageOf(packages, reference.path);
      if (pkg === undefined || sites.has(pkg.dir) || outputs.outputPackage(view, reference.path) !== undefined) continue;
      sites.set(pkg.dir, { path: reference.path, offset: reference.start });
    }
  }
  return [...sites.values()];
}

/**
 * Where a consumer package's program may hold the declaration of a symbol of a workspace
 * package: its places in the build output (`dist/`), and the declaration itself (project
 * references, a source condition, exports naming `.ts` put the source in the consumer's program).
 * None for a symbol no workspace package declares.
 */
export function consumerPlaces(
  ctx: CallContext,
  at: FileOffset,
  reach: PackageReach | undefined,
  anchors: readonly FileOffset[],
): FileOffset[] {
  const view = viewOf(ctx);
  const outputs = anchors.filter((a) => ctx.workspace.outputs.outputPackage(view, a.path) !== undefined);
  if (outputs.length > 0) return [...outputs, at];
  return reach?.declaring !== undefined ? [at] : [];
}
