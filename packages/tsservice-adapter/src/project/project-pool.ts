import { sameCompiler } from '@mcp-lsp-bridge/domain';
import { type ProjectSpec } from '@mcp-lsp-bridge/ts-workspace';
import type { AdapterContext } from '../adapter-context.js';
import { Project } from './project.js';

/**
 * The warm language services, least recently used first. Eviction waits for `trim`, which
 * runs between port calls, so a call never loses a service it is still using. A project whose
 * compiler changed (a `typescript` installed, upgraded or removed) is made again with the new one.
 */
export class ProjectPool {
  private readonly projects = new Map<string, Project>();

  constructor(
    private readonly ctx: AdapterContext,
    private readonly maxProjects: number,
  ) {}

  get(spec: ProjectSpec): Project {
    const compiler = this.ctx.compilerOf(spec);
    let project = this.projects.get(spec.key);
    if (project !== undefined && !sameCompiler(project.compiler.choice, compiler.choice)) {
      this.projects.delete(spec.key);
      project.dispose();
      project = undefined;
    }
    if (project === undefined) {
      project = new Project(this.ctx, spec, compiler);
      this.ctx.log(`tsservice: created project ${spec.key}`);
      this.ctx.log(`tsservice: ${spec.key} is compiled by typescript ${compiler.choice.version} (${compiler.choice.source})`);
    } else {
      this.projects.delete(spec.key);
    }
    this.projects.set(spec.key, project);
    return project;
  }

  /** The warm project of `spec`, if there is one (none is made, none evicted). */
  peek(spec: ProjectSpec): Project | undefined {
    return this.projects.get(spec.key);
  }

  /** Keys of the warm projects, least recently used first. */
  keys(): string[] {
    return [...this.projects.keys()];
  }

  trim(): void {
    for (const [key, project] of this.projects) {
      if (this.projects.size <= this.maxProjects) break;
      this.projects.delete(key);
      project.dispose();
      this.ctx.log(`tsservice: evicted project ${key}`);
    }
  }

  dispose(): void {
    for (const project of this.projects.values()) project.dispose();
    this.projects.clear();
  }
}
