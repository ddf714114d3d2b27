import type { Bridge } from '@mcp-lsp-bridge/bridge';
import { fileURLToPath } from 'node:url';
import { daemonDirectory, daemonKey } from './daemon-paths.js';

/** Which program a background server runs: a CLI of another install or build starts its own. */
export const DAEMON_PROGRAM = fileURLToPath(new URL('./daemon-main.js', import.meta.url));

/**
 * Whether this command runs in a background server: yes by default, so the second command in
 * a workspace finds its projects loaded; no with `--no-daemon` or `LSP_BRIDGE_DAEMON=off`;
 * and no under `CI=true` (a build must not leave processes behind) unless asked for with
 * `LSP_BRIDGE_DAEMON=on`.
 */
export function daemonWanted(noDaemon: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  if (noDaemon) return false;
  const setting = env['LSP_BRIDGE_DAEMON']?.toLowerCase();
  if (setting === 'off' || setting === '0' || setting === 'false') return false;
  if (setting === 'on' || setting === '1' || setting === 'true') return true;
  return env['CI'] !== 'true';
}

/** The background server's bridge for this root, or `undefined` when none can be used. */
export async function daemonBridge(
  root: string,
  backend: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  program: string,
): Promise<Bridge | undefined> {
  const dir = daemonDirectory(env);
  if (dir === undefined) return undefined;
  const daemonEnv = backend === undefined ? env : { ...env, LSP_BRIDGE_BACKEND: backend };
  const { remoteBridge } = await import('./remote-bridge.js');
  return remoteBridge(dir, daemonKey(root, backend, daemonEnv, program), daemonEnv);
}
