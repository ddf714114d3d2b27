import type { FileOffset, SourceSpan } from '@mcp-lsp-bridge/domain';
import { isDefaultExport, isLocalDeclaration, nameAt, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import { configSpec, isWorkspaceFile, packageReach, type PackageReach } from '@mcp-lsp-bridge/ts-workspace';
import type ts from 'typescript';
import type { AdapterContext } from '../adapter-context.js';
import { CancelledError } from '../cancellation.js';
import type { Project } from '../project/project.js';
import type { ProjectPool } from '../project/project-pool.js';

/** The symbol a query is about, as far as other projects are concerned. */
export interface SymbolTarget {
  /** Where its declarations are named (aliases followed), real paths. */
  readonly declarations: readonly (FileOffset & { readonly length: number })[];
  /** Declared in a function or block: no other file can use it. */
  readonly local: boolean;
  /** A default export: importers pick any name, so a text prefilter cannot rule projects out. */
  readonly anyName: boolean;
}

/** The target at `at` in `program`, a program of `api`'s compiler. */
export function symbolTarget(api: TypeScriptApi, program: ts.Program, at: FileOffset, realPath: (file: string) => string): SymbolTarget {
  const sourceFile = program.getSourceFile(at.path);
  const node = sourceFile === undefined ? undefined : nameAt(api, sourceFile, at.offset);
  const checker = program.getTypeChecker();
  let symbol = node === undefined ? undefined : checker.getSymbolAtLocation(node);
  if (symbol !== undefined && (symbol.flags & api.SymbolFlags.Alias) !== 0) symbol = checker.getAliasedSymbol(symbol);
  const declarations = symbol?.declarations ?? [];
  return {
    declarations: declarations.map((declaration) => {
      const file = declaration.getSourceFile();
      const name = api.getNameOfDeclaration(declaration) ?? declaration;
      const start = name.getStart(file);
      return { path: realPath(file.fileName), offset: start, length: name.end - start };
    }),
    local: declarations.length > 0 && declarations.every((d) => isLocalDeclaration(api, d)),
    anyName: declarations.some((d) => isDefaultExport(api, d)),
  };
}

export interface RelatedProject {
  readonly project: Project;
  /** The declaration to query there: in source, or in the declaring package's build output that project imports. */
  readonly anchor: FileOffset;
}

/** The target's declarations in source and in the declaring package's build output; `undefined` for a local or an external symbol. */
export function targetReach(ctx: AdapterContext, root: string, target: SymbolTarget): PackageReach | undefined {
  const found = target.declarations.filter((d) => isWorkspaceFile(root, d.path));
  if (target.local || found.length === 0) return undefined;
  return packageReach(ctx.workspace.outputs, ctx.workspace.view(root), declarationSpans({ ...target, declarations: found }));
}

/**
 * The other projects of the workspace whose program contains a declaration of the target
 * (a package and its dependents in a monorepo): its source, or the declaring package's build
 * output (`dist/*.d.ts`) for a consumer that imports the package by name, where the declaration
 * is found through the declaration map or rootDir/outDir. Lazy and bounded: local symbols and
 * symbols declared outside the workspace skip the search; a project whose own files never spell
 * any of `names` cannot refer to the symbol and is not even loaded.
 */
export function relatedProjects(
  ctx: AdapterContext,
  pool: ProjectPool,
  root: string,
  primary: Project,
  target: SymbolTarget,
  names: ReadonlySet<string>,
  reach: PackageReach | undefined = targetReach(ctx, root, target),
): RelatedProject[] {
  if (reach === undefined) return [];
  const declarations = [...reach.sources, ...reach.outputs].map((d) => ({ path: d.path, offset: d.start }));
  const related: RelatedProject[] = [];
  for (const config of ctx.workspace.configsOf(root).configs) {
    if (config.path === primary.key || config.fileNames.size === 0) continue;
    const declaresIt = declarations.some((d) => config.fileNames.has(d.path));
    if (!declaresIt && !target.anyName && !mentionsAny(ctx, config.parsed.fileNames, names)) continue;
    if (ctx.token.isCancellationRequested()) throw new CancelledError();
    const project = pool.get(configSpec(config.path));
    project.syncWithDisk(root);
    const program = project.program();
    const anchor = declarations.find((d) => program.getSourceFile(d.path) !== undefined);
    if (anchor !== undefined) related.push({ project, anchor });
  }
  return related;
}

/** Spans in source (see `BuildOutputs.inSource`). */
export function inSource(ctx: AdapterContext, root: string, spans: readonly SourceSpan[], unmapped: 'map' | 'drop' = 'map'): SourceSpan[] {
  return ctx.workspace.outputs.inSource(ctx.workspace.view(root), spans, unmapped);
}

function mentionsAny(ctx: AdapterContext, files: readonly string[], names: ReadonlySet<string>): boolean {
  for (const file of files) {
    const text = ctx.files.text(file);
    if (text === undefined) continue;
    for (const name of names) if (text.includes(name)) return true;
  }
  return false;
}

/** The names the spans spell (a symbol's name and its aliases), for the cross-project prefilter. */
export function spelledNames(ctx: AdapterContext, spans: readonly SourceSpan[]): Set<string> {
  const names = new Set<string>();
  for (const span of spans) {
    const text = ctx.files.text(span.path);
    if (text !== undefined && span.length > 0) names.add(text.slice(span.start, span.start + span.length));
  }
  return names;
}

/** The spans where the target's declarations are named. */
export function declarationSpans(target: SymbolTarget): SourceSpan[] {
  return target.declarations.map((d) => ({ path: d.path, start: d.offset, length: d.length }));
}
