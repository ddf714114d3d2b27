import type { RenameLocations, SourceSpan } from '@mcp-lsp-bridge/domain';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import type { SyntaxCache } from '../syntax/syntax-cache.js';
import type { BuildOutputs, WorkspaceView } from './build-outputs.js';
import { packageReachFacts, type PackageReach } from './package-reach.js';
import { publicExportsOf } from './public-exports.js';

/** What both TypeScript backends tell the domain about a rename's edits across workspace packages. */
export type RenamePackageFacts = Pick<RenameLocations, 'buildOutputs' | 'packages' | 'publicExports'>;

/**
 * The packages side of a rename, the same for every backend: which edited files are a package's
 * build output, what the consumer packages hold (the domain decides which were not searched), and where the declaring package's
 * entry points export the renamed declarations. `reach` is `undefined` for a local or external symbol.
 */
export function renamePackageFacts(
  workspace: { readonly files: FileStore; readonly syntax: SyntaxCache; readonly outputs: BuildOutputs },
  view: WorkspaceView,
  edits: readonly SourceSpan[],
  reach: PackageReach | undefined,
  names: ReadonlySet<string>,
): RenamePackageFacts {
  const { files, syntax, outputs } = workspace;
  const edited = new Set(edits.map((e) => e.path));
  const buildOutputs = [...edited].flatMap((path) => {
    const pkg = outputs.outputPackage(view, path);
    return pkg === undefined ? [] : [{ path, packageDir: pkg.dir, packageName: pkg.name }];
  });
  if (reach === undefined) return { buildOutputs, publicExports: [] };
  return {
    buildOutputs,
    packages: packageReachFacts(workspace, view, reach, names, edited),
    publicExports: publicExportsOf(files, syntax, outputs, view, edits),
  };
}
