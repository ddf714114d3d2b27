import { MAX_WORKSPACE_DIRECTORIES } from '@mcp-lsp-bridge/domain';
import type { WorkspaceWatch } from '../watch/workspace-watch.js';
import { DirTree } from './dir-tree.js';

/** One recursive listing per workspace root (inferred projects, config discovery), the most recent few kept. */
export class WorkspaceTrees {
  private readonly trees = new Map<string, DirTree>();

  constructor(
    private readonly watch?: WorkspaceWatch,
    private readonly max = 16,
  ) {}

  get(root: string): DirTree {
    let tree = this.trees.get(root);
    if (tree === undefined) tree = new DirTree([{ path: root, recursive: true }], MAX_WORKSPACE_DIRECTORIES, this.watch);
    else this.trees.delete(root);
    this.trees.set(root, tree);
    for (const oldest of this.trees.keys()) {
      if (this.trees.size <= this.max) break;
      this.trees.delete(oldest);
    }
    return tree;
  }
}
