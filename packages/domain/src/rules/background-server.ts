import { ErrorCode } from '../errors/error-codes.js';
import { toolError, type ToolError } from '../errors/bridge-error.js';

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Settings that concern only the front a call comes through (the CLI or an MCP server), not
 * the background server that answers it: they are left out of its key, so an MCP server
 * offering three tools and a CLI share one.
 */
export const FRONT_SETTINGS: readonly string[] = ['LSP_BRIDGE_DAEMON', 'LSP_BRIDGE_TOOLS'];

/**
 * Whether calls go to the workspace's background server: yes by default, so a second command
 * or a second agent conversation finds the workspace loaded; no when the caller opts out
 * (`--no-daemon`) or `LSP_BRIDGE_DAEMON=off`; and no under `CI=true` (a build must not leave
 * processes behind) unless `LSP_BRIDGE_DAEMON=on` asks for one.
 */
export function backgroundServerWanted(env: Environment, optedOut: boolean): boolean {
  if (optedOut) return false;
  const setting = env['LSP_BRIDGE_DAEMON']?.toLowerCase();
  if (setting === 'off' || setting === '0' || setting === 'false') return false;
  if (setting === 'on' || setting === '1' || setting === 'true') return true;
  return env['CI'] !== 'true';
}

/**
 * The settings that make one background server differ from another: every `LSP_BRIDGE_*`
 * setting but the fronts' own, sorted by name. Two callers whose settings differ in any of
 * them get two servers, since the answers may differ.
 */
export function backgroundServerSettings(env: Environment): [string, string][] {
  const settings: [string, string][] = [];
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('LSP_BRIDGE_') && value !== undefined && !FRONT_SETTINGS.includes(name)) settings.push([name, value]);
  }
  return settings.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The answer to a call whose background server went away before answering (killed, out of
 * memory, stopped by `lsp-bridge daemon stop` while it waited). A reading call is asked
 * again before this is shown, so it means the second server failed too; a writing call is
 * never asked twice, since it may have been written.
 */
export function backgroundServerLost(operation: string, why: string, writes: boolean): ToolError {
  if (writes) {
    return toolError(
      ErrorCode.LANGUAGE_SERVER_ERROR,
      `The background server stopped before ${operation} answered (${why}). Its files were written all or none: ` +
        'a write cut in half is rolled back before the next call is served.',
      'Check whether the files changed (git diff) and call again if they did not; a new background server starts. ' +
        'LSP_BRIDGE_DAEMON=off (or lsp-bridge --no-daemon) runs calls without one.',
    );
  }
  return toolError(
    ErrorCode.LANGUAGE_SERVER_ERROR,
    `The background server stopped answering during ${operation}, twice (${why})`,
    'Call again; if it keeps failing, read the server log named by "lsp-bridge daemon status", or run calls without a ' +
      'background server (LSP_BRIDGE_DAEMON=off, or lsp-bridge --no-daemon).',
  );
}
