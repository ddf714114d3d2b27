import type { AdapterContext } from '../adapter-context.js';
import type { Project } from './project.js';
import type { ProjectPool } from './project-pool.js';

/** What a query spanning projects needs during one port call. */
export interface WorkspaceAccess {
  readonly ctx: AdapterContext;
  readonly pool: ProjectPool;
  /** Real absolute path of the workspace root. */
  readonly root: string;
  /** The synced project that answers for `file`; the file is part of its program. */
  projectFor(file: string): Project;
}
