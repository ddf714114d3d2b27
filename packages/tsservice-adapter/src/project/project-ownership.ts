import { BridgeException, deletedDuringCall, notInProject, unusableFile } from '@mcp-lsp-bridge/domain';
import type { AdapterContext } from '../adapter-context.js';
import type { Project } from './project.js';
import type { ProjectPool } from './project-pool.js';
import type { WorkspaceAccess } from './workspace-access.js';

/**
 * The project that answers for `file` (the workspace's ownership rule), warm from the pool
 * and synced with the disk; a file outside every config's list joins the nearest config's
 * project. Refuses when the file still is not part of the program.
 */
export function projectFor(ctx: AdapterContext, pool: ProjectPool, root: string, file: string): Project {
  const started = performance.now();
  const owner = ctx.workspace.ownerOf(root, file);
  const project = pool.get(owner.spec);
  if (owner.extraRoot !== undefined) project.addExtraRoot(owner.extraRoot);
  const loading = !project.loaded;
  const discovered = performance.now();
  project.syncWithDisk(root);
  // The phases of a cold start, named (the bench reads this line).
  if (loading) {
    ctx.log(`tsservice: loaded ${owner.spec.key}: discovery ${ms(discovered - started)}, program ${ms(performance.now() - discovered)}`);
  }
  // Found unusable while the program was built (it overflows the parser): never answered as empty.
  const failure = ctx.files.failure(file);
  if (failure !== undefined) {
    throw new BridgeException(unusableFile(root, file, failure, 'use'));
  }
  if (project.program().getSourceFile(file) === undefined) {
    // Deleted since the call listed it (another process churning the tree): the disk changed, the service did not fail.
    if (!ctx.files.fileExists(file)) throw new BridgeException(deletedDuringCall(root, file));
    throw new BridgeException(notInProject(root, file, owner.spec.key));
  }
  return project;
}

/** What the helpers that reach across projects get for one call. */
export function workspaceAccess(ctx: AdapterContext, pool: ProjectPool, root: string): WorkspaceAccess {
  return { ctx, pool, root, projectFor: (file) => projectFor(ctx, pool, root, file) };
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}
