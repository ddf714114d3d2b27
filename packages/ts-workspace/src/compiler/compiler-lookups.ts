import type { CompilerUse } from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import type { ProjectSpec } from '../config/project-owner.js';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import { chooseCompiler, type CompilerChoice, type CompilerPolicy } from './compiler-choice.js';
import { lookUpTypeScript, type TypeScriptLookup } from './typescript-package.js';

/** The directory a project resolves its `typescript` from: its config's, or the workspace root of an inferred project. */
export function projectDir(spec: ProjectSpec): string {
  return spec.kind === 'config' ? path.dirname(spec.configPath) : spec.root;
}

/** `typescript` lookups by directory, made once per port call (the file store's generation). */
export class CompilerLookups {
  private readonly lookups = new Map<string, { generation: number; lookup: TypeScriptLookup }>();

  constructor(private readonly files: FileStore) {}

  lookup(dir: string): TypeScriptLookup {
    const generation = this.files.currentGeneration;
    const cached = this.lookups.get(dir);
    if (cached !== undefined && cached.generation === generation) return cached.lookup;
    const lookup = lookUpTypeScript(this.files, dir);
    this.lookups.set(dir, { generation, lookup });
    if (this.lookups.size > 256) this.lookups.delete(this.lookups.keys().next().value as string);
    return lookup;
  }

  /** The compiler that answers for `spec` under `policy`, as the disk is now. */
  compilerOf(spec: ProjectSpec, policy: CompilerPolicy): CompilerChoice {
    return chooseCompiler(this.lookup(projectDir(spec)), policy);
  }
}

/** The compilers of `projects` as the port reports them: one use per distinct compiler, with the projects it answers for. */
export function compilerUses(projects: readonly { readonly spec: ProjectSpec; readonly choice: CompilerChoice }[]): CompilerUse[] {
  const uses = new Map<string, { choice: CompilerChoice; projects: string[] }>();
  for (const { spec, choice } of projects) {
    const key = `${choice.runtime}\0${choice.packageDir}\0${choice.version}\0${choice.note ?? ''}`;
    let use = uses.get(key);
    if (use === undefined) {
      use = { choice, projects: [] };
      uses.set(key, use);
    }
    use.projects.push(spec.kind === 'config' ? spec.configPath : spec.root);
  }
  return [...uses.values()].map(({ choice, projects }) => ({
    version: choice.version,
    source: choice.source,
    path: choice.packageDir,
    ...(choice.note === undefined ? {} : { note: choice.note }),
    projects,
  }));
}
