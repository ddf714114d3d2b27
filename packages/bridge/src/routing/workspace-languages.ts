import { bridgeErrorOf, isSupportedSourceFile, isWorkspaceSource } from '@mcp-lsp-bridge/domain';
import { DirTree } from '@mcp-lsp-bridge/ts-workspace';

/**
 * Which source files a workspace holds, to tell which languages a project-wide call must ask
 * (a language's server is started only when the workspace has its files). One listing per
 * root, looked at again on each call: one stat per directory, a directory read again only
 * when it changed.
 */
export class WorkspaceLanguages {
  private readonly trees = new Map<string, DirTree>();
  private generation = 0;

  /**
   * The workspace's own files (dependencies left out) with one of `extensions`; `undefined`
   * when the workspace is too large to list (more directories than any project has), which
   * the TypeScript backend then answers for as it always has.
   */
  sourceFiles(root: string, extensions: readonly string[]): string[] | undefined {
    let tree = this.trees.get(root);
    if (tree === undefined) {
      tree = new DirTree([{ path: root, recursive: true }]);
      this.trees.set(root, tree);
    }
    try {
      tree.rescan(++this.generation);
    } catch (error) {
      if (bridgeErrorOf(error) === undefined) throw error;
      this.trees.delete(root);
      return undefined;
    }
    return [...tree.files()].filter((file) => isWorkspaceSource(root, file) && isSupportedSourceFile(file, extensions));
  }
}
