import { bridgeErrorOf, isWorkspaceSource } from '@mcp-lsp-bridge/domain';
import type { DirTree } from './files/dir-tree.js';

interface Known {
  readonly tree: DirTree;
  readonly revision: number;
  readonly files: readonly string[];
}

/** Filtered answers kept at most (roots × extension sets). */
const MAX_KEPT = 32;

/**
 * Which source files a workspace holds (to tell which languages a project-wide call must
 * ask): read from the root's shared listing, which the watcher keeps, and filtered again only
 * when the listing's revision changed (a file or directory came or went). A call with no such
 * change reads no directory and no file name.
 */
export class WorkspaceSources {
  private readonly known = new Map<string, Known>();

  constructor(private readonly listing: (root: string) => DirTree) {}

  of(root: string, key: string, accepts: (file: string) => boolean): readonly string[] | undefined {
    let tree: DirTree;
    try {
      tree = this.listing(root);
    } catch (error) {
      // More directories than any project has: the caller answers without a listing.
      if (bridgeErrorOf(error) === undefined) throw error;
      return undefined;
    }
    const id = `${root}\0${key}`;
    const known = this.known.get(id);
    if (known?.tree === tree && known.revision === tree.revision) return known.files;
    const files = [...tree.files()].filter((file) => isWorkspaceSource(root, file) && accepts(file));
    this.known.delete(id);
    this.known.set(id, { tree, revision: tree.revision, files });
    if (this.known.size > MAX_KEPT) this.known.delete(this.known.keys().next().value as string);
    return files;
  }
}
