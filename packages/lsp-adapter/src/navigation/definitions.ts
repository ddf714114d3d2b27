import { dedupeSpans, type FileOffset, type OutlineSymbol, type SourceSpan } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { mergedDeclarationNames } from '../typescript/syntax.js';
import { commonJsDefinitions } from './commonjs-uses.js';
import { outline } from './outline.js';
import { serverDefinitions } from './package-anchors.js';
import { loadFilesSpelling } from './related-projects.js';

/**
 * The server's definitions, completed with the declarations it leaves out: over a TypeScript
 * server, those merging with each (every overload), of a CommonJS export its declaration (see
 * `commonJsDefinitions`), and one in a workspace package's build output (a consumer importing the
 * package by name, without a declaration map the server follows) is its source's; over another
 * language's server, the declaration named where the call asks (clangd leads from a function's
 * definition to its prototype only), after the files spelling the name are shown to it (clangd
 * without an index knows a definition in another file only once it has seen that file).
 */
export async function definitionsAt(ctx: CallContext, at: FileOffset): Promise<SourceSpan[]> {
  if (ctx.typescript === undefined) {
    await loadFilesSpelling(ctx, new Set([ctx.nameAt(at)]), at.path, 'definition');
    return dedupeSpans([...(await ctx.definition(at.path, at.offset)), ...(await outlineDeclarationsAt(ctx, at))]);
  }
  const out: SourceSpan[] = [];
  for (const span of await commonJsDefinitions(ctx, await serverDefinitions(ctx, at))) {
    out.push(span);
    const text = ctx.lines(span.path)?.text;
    if (text === undefined) continue;
    for (const merged of mergedDeclarationNames(ctx.workspace.syntax.get(span.path, text), span.start))
      out.push({ path: span.path, ...merged });
  }
  return dedupeSpans(out);
}

/** The declarations of the server's outline of `at.path` whose name is at `at`. */
async function outlineDeclarationsAt(ctx: CallContext, at: FileOffset): Promise<SourceSpan[]> {
  return (await outlineNames(ctx, at.path, ctx.nameAt(at))).filter((s) => s.start <= at.offset && at.offset <= s.start + s.length);
}

/** The names of the declarations spelled `name` in the server's outline of `path` (none when the server has no outline). */
async function outlineNames(ctx: CallContext, path: string, name: string): Promise<SourceSpan[]> {
  const symbols: readonly OutlineSymbol[] = await outline(ctx, path).catch(() => []);
  const flat = (list: readonly OutlineSymbol[]): OutlineSymbol[] => list.flatMap((s) => [s, ...flat(s.children)]);
  return flat(symbols)
    .filter((s) => s.name === name)
    .map((s) => ({ path, start: s.nameStart, length: s.nameLength }));
}
