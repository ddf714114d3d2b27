import { type ConsumerPackageFacts, type PackageReachFacts, type SourceSpan } from '@mcp-lsp-bridge/domain';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import type { SyntaxCache } from '../syntax/syntax-cache.js';
import type { BuildOutputs, WorkspaceView } from './build-outputs.js';
import { packageSpecifiers } from './package-imports.js';
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
 * What the consumers of the declaring package hold, for the domain's rule of which ones a query
 * could not search (`unreachedPackages`): whether a source file of each spells one of `names`,
 * imports one from the declaring package by its package name, or holds a result (`reachedFiles`).
 * `undefined` when the symbol is declared in no workspace package. Consumers are listed only when
 * the declaration was not found in the declaring package's build output and it has a name: the
 * rule needs them then alone, and scanning a package's files has its cost.
 */
export function packageReachFacts(
  workspace: { readonly files: FileStore; readonly syntax: SyntaxCache; readonly outputs: BuildOutputs },
  view: WorkspaceView,
  reach: PackageReach,
  names: ReadonlySet<string>,
  reachedFiles: ReadonlySet<string>,
): PackageReachFacts | undefined {
  const { declaring } = reach;
  const { outputs } = workspace;
  if (declaring === undefined) return undefined;
  const foundInOutput = reach.outputs.length > 0;
  const built = outputs.hasOutput(view, declaring);
  const facts = { packageDir: declaring.dir, packageName: declaring.name, built, foundInOutput };
  if (foundInOutput || names.size === 0) return { ...facts, consumers: [] };
  const packages = outputs.packages(view);
  const consumers = dependentsOf(packages, declaring).map((consumer) => {
    const files = outputs.sourceFilesOf(view, consumer);
    return {
      packageDir: consumer.dir,
      packageName: consumer.name,
      ...consumerFacts(workspace, view, declaring, files, names, reachedFiles),
    };
  });
  return { ...facts, consumers };
}

/** What `files` (one consumer package's) hold. */
function consumerFacts(
  workspace: { readonly files: FileStore; readonly syntax: SyntaxCache; readonly outputs: BuildOutputs },
  view: WorkspaceView,
  declaring: WorkspacePackage,
  files: readonly string[],
  names: ReadonlySet<string>,
  reachedFiles: ReadonlySet<string>,
): Pick<ConsumerPackageFacts, 'spellsName' | 'importsName' | 'importsSource' | 'reached'> {
  let spellsName = false;
  let importsName = false;
  let importsSource = true;
  for (const file of files) {
    const text = workspace.files.text(file);
    // Only a file that spells a name can import it: the others are never parsed.
    if (text === undefined || ![...names].some((name) => text.includes(name))) continue;
    spellsName = true;
    const specifiers = declaring.name === undefined ? [] : packageSpecifiers(workspace.syntax.get(file, text), declaring.name, names);
    if (specifiers.length === 0) continue;
    importsName = true;
    importsSource &&= specifiers.every((specifier) => workspace.outputs.resolvesToSource(view, file, specifier, declaring));
  }
  return { spellsName, importsName, importsSource: importsName && importsSource, reached: files.some((f) => reachedFiles.has(f)) };
}
