import type { CompilerUse, CompilerPolicy } from '@mcp-lsp-bridge/domain';
import { compilerUses, configSpec, inferredSpec, type ProjectSpec, type TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';

/**
 * The projects this index answers project-wide questions for: every usable config with files,
 * or the inferred project of a workspace without configs, less those another backend owns.
 */
export function ownedProjects(workspace: TsWorkspace, root: string, owns: (root: string, spec: ProjectSpec) => boolean): ProjectSpec[] {
  const { configs, broken } = workspace.configsOf(root);
  const first = broken[0];
  if (configs.length === 0 && first !== undefined) throw first.error;
  const specs = configs.length === 0 ? [inferredSpec(root)] : configs.filter((c) => c.fileNames.size > 0).map((c) => configSpec(c.path));
  return specs.filter((spec) => owns(root, spec));
}

/** The compilers of `path`'s project, or of every project this index answers for, under `policy`. */
export function compilersOf(
  workspace: TsWorkspace,
  root: string,
  path: string | undefined,
  policy: CompilerPolicy,
  owns: (root: string, spec: ProjectSpec) => boolean,
): CompilerUse[] {
  const specs = path === undefined ? ownedProjects(workspace, root, owns) : [workspace.ownerOf(root, path).spec];
  return compilerUses(specs.map((spec) => ({ spec, choice: workspace.compilers.compilerOf(spec, policy) })));
}
