import type { ProjectSpec } from '@mcp-lsp-bridge/ts-workspace';
import type { AdapterContext } from '../adapter-context.js';
import { Project } from './project.js';

/**
 * The warm language services, least recently used first. Eviction waits for `trim`, which
 * runs between port calls, so a call never loses a service it is still using.
 */
export class ProjectPool {
  private readonly projects = new Map<string, Project>();

  constructor(
    private readonly ctx: AdapterContext,
    private readonly maxProjects: number,
  ) {}

  get(spec: ProjectSpec): Project {
    let project = this.projects.get(spec.key);
    if (project === undefined) {
      project = new Project(this.ctx, spec);
      this.ctx.log(`tsservice: created project ${spec.key}`);
    } else {
      this.projects.delete(spec.key);
    }
    this.projects.set(spec.key, project);
    return project;
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
