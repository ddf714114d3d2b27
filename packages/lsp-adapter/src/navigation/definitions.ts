import { dedupeSpans, spanKey, type FileOffset, type ReferenceSpan, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { nameAt } from '../typescript/syntax.js';
import type { CallContext } from '../call-context.js';
import { declarationOfName, mergedDeclarationNames } from '../typescript/syntax.js';
import { commonJsDefinitions } from './commonjs-uses.js';
import { serverDefinitions } from './package-anchors.js';

/**
 * The server's definitions (of a CommonJS export, its declaration: see `commonJsDefinitions`) plus
 * the declarations that merge with them (every overload); one in
 * a workspace package's build output (a consumer importing the package by name, without a
 * declaration map the server follows) is its source's.
 */
export async function definitionsAt(ctx: CallContext, at: FileOffset): Promise<SourceSpan[]> {
  const found = await commonJsDefinitions(ctx, await serverDefinitions(ctx, at));
  const out: SourceSpan[] = [];
  for (const span of found) {
    out.push(span);
    const text = ctx.lines(span.path)?.text;
    if (text === undefined) continue;
    for (const merged of mergedDeclarationNames(ctx.workspace.syntax.get(span.path, text), span.start))
      out.push({ path: span.path, ...merged });
  }
  return dedupeSpans(out);
}

/**
 * LSP references carry no declaration flag. A reference is a declaration when it names a
 * declaration (not an import or export alias) and the server takes it to itself, or to a
 * declaration it merges with (an overload signature goes to the implementation).
 */
export async function withDeclarationFlags(ctx: CallContext, spans: readonly SourceSpan[]): Promise<ReferenceSpan[]> {
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
