import { dedupeSpans, spanKey, type FileOffset, type OutlineSymbol, type ReferenceSpan, type SourceSpan } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { declarationOfName, mergedDeclarationNames, nameAt } from '../typescript/syntax.js';
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
    await loadFilesSpelling(ctx, new Set([ctx.nameAt(at)]), at.path);
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
export async function outlineNames(ctx: CallContext, path: string, name: string): Promise<SourceSpan[]> {
  const symbols: readonly OutlineSymbol[] = await outline(ctx, path).catch(() => []);
  const flat = (list: readonly OutlineSymbol[]): OutlineSymbol[] => list.flatMap((s) => [s, ...flat(s.children)]);
  return flat(symbols)
    .filter((s) => s.name === name)
    .map((s) => ({ path, start: s.nameStart, length: s.nameLength }));
}

/**
 * LSP references carry no declaration flag. A reference is a declaration when the server's
 * definition of the symbol is there, or (another language) its outline names a declaration
 * there (a C function's definition, whose own definition is its prototype); over a TypeScript
 * server, when it names a declaration (not an import or export alias) the server takes to
 * itself, or to a declaration it merges with (an overload signature goes to the implementation).
 */
export async function withDeclarationFlags(ctx: CallContext, at: FileOffset, spans: readonly SourceSpan[]): Promise<ReferenceSpan[]> {
  if (ctx.typescript === undefined) {
    const declarations = new Set((await ctx.definition(at.path, at.offset)).map(spanKey));
    const name = ctx.nameAt(at);
    for (const file of new Set(spans.map((s) => s.path)))
      for (const own of await outlineNames(ctx, file, name)) declarations.add(spanKey(own));
    return spans.map((span) => ({ ...span, isDeclaration: declarations.has(spanKey(span)) }));
  }
  const out: ReferenceSpan[] = [];
  for (const span of spans) {
    const text = ctx.lines(span.path)?.text;
    const sourceFile = text === undefined ? undefined : ctx.workspace.syntax.get(span.path, text);
    const node = sourceFile === undefined ? undefined : nameAt(sourceFile, span.start);
    if (sourceFile === undefined || node === undefined || declarationOfName(node) === undefined) {
      out.push({ ...span, isDeclaration: false });
      continue;
    }
    const own = new Set([
      spanKey(span),
      ...mergedDeclarationNames(sourceFile, span.start).map((m) => spanKey({ path: span.path, start: m.start })),
    ]);
    const targets = await ctx.definition(span.path, span.start);
    out.push({ ...span, isDeclaration: targets.some((t) => own.has(spanKey(t))) });
  }
  return out;
}
