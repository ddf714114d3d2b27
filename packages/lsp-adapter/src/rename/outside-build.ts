import { outsideServerBuild, serverFailureOf, type OutlineSymbol, type SourceSpan } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import path from 'node:path';
import { dependentFiles, goImportPathOf } from '../dependents/dependent-files.js';
import { goImportNames } from '../dependents/import-graph.js';
import { languageIdIn } from '../languages/language-profile.js';
import { outline } from '../navigation/outline.js';

/**
 * What the name at `offset` of `path` refers to, as the server says; `undefined` when the server
 * says the file is outside the build it loads (gopls, for a file a build constraint excludes:
 * another GOOS or GOARCH, a newer Go, a tag): it cannot tell what the names there refer to, and
 * its own rename leaves the file alone.
 */
export async function definitionInBuild(ctx: CallContext, path: string, offset: number): Promise<SourceSpan[] | undefined> {
  try {
    return await ctx.definition(path, offset);
  } catch (thrown) {
    const failure = serverFailureOf(thrown);
    if (failure !== undefined && outsideServerBuild(failure)) return undefined;
    throw thrown;
  }
}

/**
 * The names spelled like the symbol in files outside the server's build (`outside`, each found
 * so by `definitionInBuild`) that the symbol's package reaches: such a file is built under
 * another configuration (`x_windows.go`, `//go:build go1.21`), where those names may be uses the
 * rename would leave behind, breaking that build. A file reaches the symbol when it is in the
 * declaration's package or imports it (`dependentFiles`, from import lines). Nothing for a
 * declaration inside a function (not in its file's outline): no other file sees it; nor for a
 * name that an import of that file binds (`flag`), or that follows another imported package's
 * name (`flag.NewFlagSet`): those are that package's.
 */
export async function outsideBuildNames(
  ctx: CallContext,
  definitions: readonly SourceSpan[],
  oldName: string,
  outside: readonly string[],
): Promise<SourceSpan[]> {
  const [declaration] = definitions;
  if (declaration === undefined || outside.length === 0) return [];
  if (!inOutline(await outline(ctx, declaration.path), declaration.start)) return [];
  const files = ctx.workspace.files;
  const reaching = await dependentFiles(
    {
      root: ctx.scope.workspaceRoot,
      files: [declaration.path, ...outside],
      text: (file) => files.text(file),
      languageId: (file) => languageIdIn(ctx.profile, file),
    },
    [declaration.path],
  );
  const home = goImportPathOf(ctx.scope.workspaceRoot, path.dirname(declaration.path));
  const names: SourceSpan[] = [];
  for (const file of reaching) {
    const text = files.text(file);
    if (text === undefined) continue;
    const imports = goImportNames(text);
    for (const id of ctx.identifiers(file, 0, text.length)) {
      if (id.text !== oldName) continue;
      const qualifier = QUALIFIER.exec(text.slice(Math.max(0, id.start - 64), id.start))?.[1];
      // Another package's name (`flag.NewFlagSet` in pflag's tests), or the name of an imported package itself.
      if (qualifier === undefined ? imports.has(oldName) : imports.has(qualifier) && imports.get(qualifier) !== home) continue;
      names.push({ path: file, start: id.start, length: id.length });
    }
  }
  return names;
}

/** The name before a selector's dot that ends the text (`pkg.` → `pkg`). */
const QUALIFIER = /([\p{L}_][\p{L}\p{Nd}_]*)\s*\.\s*$/u;

function inOutline(symbols: readonly OutlineSymbol[], start: number): boolean {
  return symbols.some((s) => s.nameStart === start || inOutline(s.children, start));
}
