import { spanKey, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import {
  BUNDLED_TYPESCRIPT as ts,
  exportOfValueName,
  exportsCommonJsName,
  isCommonJsExportAlias,
  isCommonJsExportOfName,
} from '@mcp-lsp-bridge/ts-syntax';
import type { CallContext } from '../call-context.js';
import { nameAt, namesSpelled } from '../typescript/syntax.js';

/**
 * The uses of a symbol a CommonJS module exports that the server's own search leaves out
 * (tsserver reads `module.exports = { add }` as `export { add }` but looks for such an alias in
 * its own file only, and does not follow `const { add } = require(…)` from the export; TypeScript
 * 7's server misses others): every identifier spelled like the symbol, in the workspace's
 * project files and the files no config lists that import a project's file (which may `require` the module), whose
 * definition is one of the symbol's. Asked only when the symbol is declared
 * in a JavaScript file that exports its name through CommonJS; one definition request per
 * candidate, a few in flight at a time.
 */
export async function commonJsUses(ctx: CallContext, at: FileOffset, declarations: readonly SourceSpan[]): Promise<SourceSpan[]> {
  const name = nodeAt(ctx, at.path, at.offset)?.text;
  if (name === undefined || !declarations.some((d) => exportsName(ctx, d.path, name))) return [];
  const targets = new Set(declarations.map(spanKey));
  const candidates: SourceSpan[] = [];
  const { files } = ctx.projects();
  // Files no config lists that import a project's file (`tests/` outside the `include`) may require the module too: the server serves them as well.
  for (const file of [...files, ...ctx.workspace.unlistedImporters(ctx.scope.workspaceRoot, ctx.live.inventory.listing)]) {
    const text = ctx.workspace.files.text(file);
    if (text === undefined || !text.includes(name)) continue;
    const sourceFile = ctx.workspace.syntax.get(file, text);
    for (const node of namesSpelled(sourceFile, name)) {
      // A function's own name in `exports.f = function f() {}` is another symbol, though its definition leads to `f`.
      if (exportOfValueName(ts, node) !== undefined) continue;
      const start = node.getStart(sourceFile);
      candidates.push({ path: file, start, length: node.end - start });
    }
  }
  const uses: SourceSpan[] = [];
  for (let i = 0; i < candidates.length; i += 8) {
    const batch = candidates.slice(i, i + 8);
    const answers = await Promise.all(batch.map(async (c) => commonJsDefinitions(ctx, await ctx.definition(c.path, c.start))));
    batch.forEach((candidate, j) => {
      if ((answers[j] ?? []).some((d) => targets.has(spanKey(d)))) uses.push(candidate);
    });
  }
  return uses;
}

/**
 * The server's definitions with those that stop short of a CommonJS export's declaration carried
 * on: a member of `module.exports = { add }` is an alias (the declaration is what it repeats), so
 * is the property of `exports.add = add` (the declaration is what `add` names), and a function's
 * own name in `exports.f = function f() {}` stands for the property `f`.
 */
export async function commonJsDefinitions(ctx: CallContext, found: readonly SourceSpan[]): Promise<SourceSpan[]> {
  const out: SourceSpan[] = [];
  for (const span of found) {
    const node = nodeAt(ctx, span.path, span.start);
    if (node === undefined || node.getStart() !== span.start) {
      out.push(span);
    } else if (isCommonJsExportAlias(ts, node) || isCommonJsExportOfName(ts, node)) {
      const aliased = (await ctx.definition(span.path, span.start)).filter((d) => d.path !== span.path || d.start !== span.start);
      out.push(...(aliased.length > 0 ? aliased : [span]));
    } else {
      const property = exportOfValueName(ts, node);
      out.push(property === undefined ? span : { path: span.path, start: property.getStart(), length: property.end - property.getStart() });
    }
  }
  return out;
}

function nodeAt(ctx: CallContext, path: string, offset: number): ReturnType<typeof nameAt> {
  const text = ctx.lines(path)?.text;
  return text === undefined ? undefined : nameAt(ctx.workspace.syntax.get(path, text), offset);
}

function exportsName(ctx: CallContext, path: string, name: string): boolean {
  const text = ctx.lines(path)?.text;
  return text !== undefined && exportsCommonJsName(ts, ctx.workspace.syntax.get(path, text), name);
}
