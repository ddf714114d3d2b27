import { isSupportedSourceFile, type SourceSpan, type UnreachedPackage } from '@mcp-lsp-bridge/domain';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import type { SyntaxCache } from '../syntax/syntax-cache.js';
import type { BuildOutputs, WorkspaceView } from './build-outputs.js';
import { importsFromPackage } from './package-imports.js';
import { dependentsOf, packageOf, type WorkspacePackage } from './workspace-packages.js';

/** How a symbol declared in a workspace package reaches the packages that consume it. */
export interface PackageReach {
  /** The declarations, in source: build output mapped back where it can be. */
  readonly sources: readonly SourceSpan[];
  /** The declaring package, when the declarations are in one. */
  readonly declaring: WorkspacePackage | undefined;
  /** The declarations' places in the declaring package's build output, which consumers importing it by name see. */
  readonly outputs: readonly SourceSpan[];
}

/**
 * The declarations of a symbol (as a program names them: in source, or in a package's build
 * output when the program imports the package by name) in source and in build output.
 */
export function packageReach(outputs: BuildOutputs, view: WorkspaceView, declarations: readonly SourceSpan[]): PackageReach {
  const sources: SourceSpan[] = [];
  for (const declaration of declarations) {
    const inOutput = outputs.outputPackage(view, declaration.path) !== undefined;
    const source = inOutput ? outputs.toSource(view, declaration) : declaration;
    if (source !== undefined && !sources.some((s) => s.path === source.path && s.start === source.start)) sources.push(source);
  }
  const packages = outputs.packages(view);
  const declaring = sources.map((s) => packageOf(packages, s.path)).find((p) => p !== undefined);
  const built: SourceSpan[] = [];
  for (const source of sources) {
    for (const output of outputs.toOutputs(view, source)) {
      if (!built.some((b) => b.path === output.path && b.start === output.start)) built.push(output);
    }
  }
  return { sources, declaring, outputs: built };
}

/**
 * The consumers of the declaring package that may use the symbol (a source file spells one of
 * `names`) and that nothing reached (no result in any of their files) while the declaration
 * could not be found in the declaring package's build output, which they import it through, or
 * while that package has no build output at all (before its first build their compiler does not
 * resolve it, unless it resolves to the source, when their files are reached).
 */
export function unreachedPackages(
  workspace: { readonly files: FileStore; readonly syntax: SyntaxCache; readonly outputs: BuildOutputs },
  view: WorkspaceView,
  reach: PackageReach,
  names: ReadonlySet<string>,
  reachedFiles: ReadonlySet<string>,
): UnreachedPackage[] {
  const { declaring } = reach;
  const { files, syntax, outputs } = workspace;
  if (declaring === undefined || reach.outputs.length > 0 || names.size === 0) return [];
  const built = outputs.hasOutput(view, declaring);
  const packages = outputs.packages(view);
  const unreached: UnreachedPackage[] = [];
  for (const consumer of dependentsOf(packages, declaring)) {
    let spells = false;
    let reached = false;
    for (const file of view.listing.files()) {
      if (!isSupportedSourceFile(file) || packageOf(packages, file) !== consumer || outputs.outputPackage(view, file) !== undefined)
        continue;
      if (reachedFiles.has(file)) reached = true;
      const text = files.text(file);
      if (text === undefined) continue;
      // Unbuilt, only a file that imports the package by name can see it (and nothing reached it).
      if (built ? [...names].some((name) => text.includes(name)) : importsFromPackage(syntax.get(file, text), declaring.name ?? '', names))
        spells = true;
    }
    if (!spells || reached) continue;
    unreached.push({
      packageDir: consumer.dir,
      packageName: consumer.name,
      reason: built
        ? `it imports ${declaring.name ?? 'the declaring package'} through its build output, where the declaration could not be found ` +
          '(no declaration map and no rootDir/outDir that leads to it, or output older than the source)'
        : `it imports ${declaring.name ?? 'the declaring package'} by name, and that package has no build output yet ` +
          '(its compiler cannot resolve the import before the first build)',
    });
  }
  return unreached;
}
