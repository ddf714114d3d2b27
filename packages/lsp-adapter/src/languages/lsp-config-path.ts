import path from 'node:path';

/** The setting naming a `.lsp.json` to use instead of the workspace's own. */
export const CONFIG_SETTING = 'LSP_BRIDGE_CONFIG';
export const CONFIG_FILE = '.lsp.json';

/**
 * The path of the `.lsp.json` that applies to `root`: `configured` (the value of `LSP_BRIDGE_CONFIG`,
 * relative to the root), else the workspace's own.
 */
export function lspConfigPath(root: string, configured: string | undefined): string {
  return configured !== undefined && configured !== '' ? path.resolve(root, configured) : path.join(root, CONFIG_FILE);
}
