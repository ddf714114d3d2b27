import { displayPath, type BrokenProject, type TypeScriptProjectFacts, chooseCompiler, type CompilerPolicy } from '@mcp-lsp-bridge/domain';
import { configSpec, inferredSpec, projectDir, type ProjectSpec, type TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';

/**
 * Each project of the workspace, found as the backends find them (every tsconfig.json, a
 * jsconfig.json without one beside it, the configs they reference; the root's files when
 * there is none), and the compiler that answers it under `policy`: the rule the backends
 * apply (`chooseCompiler`), on what `typescript` the project's directory resolves.
 */
export function typescriptProjects(
  workspace: TsWorkspace,
  root: string,
  hasTypeScriptFiles: boolean,
  policy: CompilerPolicy | undefined,
): { readonly projects: TypeScriptProjectFacts[]; readonly broken: BrokenProject[] } {
  const found = workspace.configsOf(root);
  const specs: ProjectSpec[] = found.configs.map((config) => configSpec(config.path));
  if (specs.length === 0 && found.broken.length === 0 && hasTypeScriptFiles) specs.push(inferredSpec(root));
  const projects = specs.map((spec): TypeScriptProjectFacts => {
    const lookup = workspace.compilers.lookup(projectDir(spec));
    const choice = policy === undefined ? undefined : chooseCompiler(lookup, policy);
    return {
      project: spec.kind === 'config' ? displayPath(root, spec.configPath) : '.',
      ...(choice === undefined
        ? {}
        : {
            compiler: {
              version: choice.version,
              source: choice.source,
              path: choice.packageDir,
              ...(choice.note === undefined ? {} : { note: choice.note }),
            },
          }),
      ...(lookup.declared === undefined
        ? {}
        : { declared: { manifest: displayPath(root, lookup.declared.manifest), range: lookup.declared.range } }),
      ...(lookup.found === undefined ? {} : { installed: { version: lookup.found.version, path: lookup.found.packageDir } }),
    };
  });
  const broken = found.broken.map((config) => ({ project: displayPath(root, config.path), reason: config.reason }));
  return { projects, broken: broken.sort((a, b) => (a.project < b.project ? -1 : 1)) };
}
