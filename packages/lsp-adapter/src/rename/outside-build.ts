import { outsideServerBuild, serverFailureOf, type FileOffset, type OutlineSymbol, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { fileSpells } from '@mcp-lsp-bridge/workspace';
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
  const reaching = await dependentsAmong(ctx, [declaration.path, ...outside], [declaration.path]);
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

/**
 * For references: the names spelled like the symbol at `at` in the workspace's Go files outside
 * the server's build that its package reaches (`outsideBuildNames`), among the files that spell
 * it where the server found no reference. Only a file with a build constraint can be outside the
 * build (`mayBeConstrained`): each such file of the package's reach costs a request
 * (`filesOutsideBuild`); files of other languages are never outside a build.
 */
export async function outsideBuildUses(ctx: CallContext, at: FileOffset, found: readonly SourceSpan[]): Promise<SourceSpan[]> {
  const oldName = ctx.nameAt(at);
  if (oldName === '') return [];
  const referenced = new Set(found.map((span) => span.path));
  const texts = ctx.workspace.files;
  const candidates = ctx
    .sourceFiles()
    .filter(
      (file) =>
        !referenced.has(file) &&
        languageIdIn(ctx.profile, file) === 'go' &&
        fileSpells(file, oldName) &&
        mayBeConstrained(file, texts.text(file) ?? ''),
    );
  if (candidates.length === 0) return [];
  const definitions = await ctx.definition(at.path, at.offset);
  const [declaration] = definitions;
  if (declaration === undefined) return [];
  const outside = await filesOutsideBuild(ctx, await dependentsAmong(ctx, [declaration.path, ...candidates], [declaration.path]));
  return outsideBuildNames(ctx, definitions, oldName, outside);
}

/** The operating systems and architectures a Go file name can end in (`go tool dist list`, and those Go reserves). */
const GOOS_GOARCH = new Set(
  (
    'aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos ' +
    '386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ' +
    'ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm'
  ).split(' '),
);

/**
 * Whether a Go file may have a build constraint: a `//go:build` or `// +build` line, or a name
 * ending in an operating system or architecture (`x_windows.go`, `x_arm64_test.go`). A file
 * without one is in every build; the server is the judge of the others.
 */
function mayBeConstrained(file: string, text: string): boolean {
  const stem = path.basename(file, '.go').replace(/_test$/, '');
  const suffix = stem.slice(stem.lastIndexOf('_') + 1);
  return (stem.includes('_') && GOOS_GOARCH.has(suffix)) || /^\/\/(?:go:build|\s*\+build)\s/m.test(text);
}

/**
 * Of `files`, the Go files the server's build leaves out: each with a build constraint
 * (`mayBeConstrained`) is asked about its first name after the package clause (a file with
 * none declares nothing).
 */
export async function filesOutsideBuild(ctx: CallContext, files: readonly string[]): Promise<string[]> {
  const outside: string[] = [];
  for (const file of files) {
    const text = ctx.workspace.files.text(file);
    if (text === undefined || languageIdIn(ctx.profile, file) !== 'go' || !mayBeConstrained(file, text)) continue;
    const clause = /^package\s+[\p{L}_][\p{L}\p{Nd}_]*/mu.exec(text);
    if (clause === null) continue;
    await ctx.live.sync.ensureOpen(file);
    const name = ctx.identifiers(file, clause.index + clause[0].length, text.length)[0];
    if (name === undefined) continue;
    try {
      if ((await definitionInBuild(ctx, file, name.start)) === undefined) outside.push(file);
    } catch (thrown) {
      // Any other refusal there is about the name, not the file: the file is in the build.
      if (serverFailureOf(thrown)?.what.kind !== 'refused') throw thrown;
    }
  }
  return outside;
}

/**
 * Of `files` (the server's language), those that depend on one of `edited` (`dependentFiles`,
 * from import lines: Go, a package's files and its importers).
 */
export function dependentsAmong(ctx: CallContext, files: readonly string[], edited: readonly string[]): Promise<string[]> {
  const texts = ctx.workspace.files;
  return dependentFiles(
    { root: ctx.scope.workspaceRoot, files, text: (file) => texts.text(file), languageId: (file) => languageIdIn(ctx.profile, file) },
    edited,
  );
}

/** The name before a selector's dot that ends the text (`pkg.` → `pkg`). */
const QUALIFIER = /([\p{L}_][\p{L}\p{Nd}_]*)\s*\.\s*$/u;

function inOutline(symbols: readonly OutlineSymbol[], start: number): boolean {
  return symbols.some((s) => s.nameStart === start || inOutline(s.children, start));
}
