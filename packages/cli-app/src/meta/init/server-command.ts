import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shellWord } from '@mcp-lsp-bridge/domain/front';

/** How a client starts the MCP server: a command and its arguments. */
export interface ServerCommand {
  readonly command: string;
  readonly args: readonly string[];
}

export const PACKAGE_NAME = 'mcp-lsp-bridge';

/** The registry form, for once the package is published: npx fetches and runs it. */
export const NPX_SERVER: ServerCommand = { command: 'npx', args: ['-y', PACKAGE_NAME] };

/**
 * This install's MCP server script: beside the CLI in the published bundle (one flat `dist/`),
 * or the mcp-app build in a clone of the repository.
 */
const SCRIPTS = [new URL(`./${PACKAGE_NAME}.js`, import.meta.url), new URL('../../../../mcp-app/dist/main.js', import.meta.url)];

/**
 * The command a client configuration should run: `npx -y mcp-lsp-bridge` when asked for the
 * registry form; else the installed `mcp-lsp-bridge` on PATH, by name where the client finds
 * commands on the user's PATH (`portable`), or as Node and the script's real path where it
 * may not (a desktop app started from its launcher); else this install's script run by this
 * Node. `undefined` when there is none of these.
 */
export async function serverCommand(
  options: { readonly npx: boolean; readonly portable: boolean },
  env: Readonly<Record<string, string | undefined>>,
): Promise<ServerCommand | undefined> {
  if (options.npx) return NPX_SERVER;
  // The servers' descriptions load only for init, not with every command.
  const { findExecutable } = await import('@mcp-lsp-bridge/bridge');
  const installed = findExecutable(PACKAGE_NAME, env['PATH'] ?? '');
  if (installed !== undefined)
    return options.portable ? { command: PACKAGE_NAME, args: [] } : { command: process.execPath, args: [realpathSync(installed)] };
  const script = SCRIPTS.map((url) => fileURLToPath(url)).find((path) => existsSync(path));
  return script === undefined ? undefined : { command: process.execPath, args: [realpathSync(script)] };
}

/** The command line a shell runs for `server` (for `claude mcp add … -- <this>`). */
export function commandLine(server: ServerCommand): string {
  return [server.command, ...server.args].map(shellWord).join(' ');
}
