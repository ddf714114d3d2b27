import type ts from 'typescript';
import type { SignalCancellationToken } from './cancellation.js';
import type { ConfigCache } from './config-cache.js';
import { DirTree } from './dir-tree.js';
import type { FileStore } from './file-state.js';
import type { ProjectPool } from './project-pool.js';
import type { Project } from './project-service.js';

/** What every project and helper shares; one per `TsSymbolIndex`. */
export interface AdapterContext {
  readonly files: FileStore;
  readonly configs: ConfigCache;
  readonly registry: ts.DocumentRegistry;
  readonly token: SignalCancellationToken;
  readonly trees: WorkspaceTrees;
  readonly log: (message: string) => void;
}

/** What a query spanning projects needs during one port call. */
export interface WorkspaceAccess {
  readonly ctx: AdapterContext;
  readonly pool: ProjectPool;
  /** Real absolute path of the workspace root. */
  readonly root: string;
  /** The synced project that answers for `file`. */
  projectFor(file: string): Project;
}

/** One recursive listing per workspace root (inferred projects, config discovery), the most recent few kept. */
export class WorkspaceTrees {
  private readonly trees = new Map<string, DirTree>();

  constructor(private readonly max = 16) {}

  get(root: string): DirTree {
    let tree = this.trees.get(root);
    if (tree === undefined) tree = new DirTree([{ path: root, recursive: true }]);
    else this.trees.delete(root);
    this.trees.set(root, tree);
    for (const oldest of this.trees.keys()) {
      if (this.trees.size <= this.max) break;
      this.trees.delete(oldest);
    }
    return tree;
  }
}
