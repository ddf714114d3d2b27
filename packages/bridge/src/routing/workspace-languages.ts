import { isWorkspaceSource, isSupportedSourceFile } from '@mcp-lsp-bridge/domain';
import { WorkspaceInventory } from '@mcp-lsp-bridge/ts-workspace';

/**
 * Which source files a workspace holds, to tell which languages a project-wide call must ask
 * (a language's server is started only when the workspace has its files). One listing per
 * root, looked at again on each call.
 */
export class WorkspaceLanguages {
  private readonly inventories = new Map<string, WorkspaceInventory>();

  /** The workspace's own files (dependencies left out) with one of `extensions`. */
  sourceFiles(root: string, extensions: readonly string[]): string[] {
    let inventory = this.inventories.get(root);
    if (inventory === undefined) {
      inventory = new WorkspaceInventory(root);
      this.inventories.set(root, inventory);
    }
    inventory.scanChanges();
    return inventory.list().filter((file) => isWorkspaceSource(root, file) && isSupportedSourceFile(file, extensions));
  }
}
