import path from 'node:path';

/** The setting naming a `.lsp.json` to use instead of the workspace's own. */
export const CONFIG_SETTING = 'LSP_BRIDGE_CONFIG';
export const CONFIG_FILE = '.lsp.json';

/** The path of the `.lsp.json` that applies to `root`: the one `LSP_BRIDGE_CONFIG` names, else the workspace's own. */
export function lspConfigPath(root: string, env: Readonly<Record<string, string | undefined>>): string {
  const configured = env[CONFIG_SETTING];
  return configured !== undefined && configured !== '' ? path.resolve(root, configured) : path.join(root, CONFIG_FILE);
}
