import { homedir } from 'node:os';
import { join } from 'node:path';
import { commandLine, PACKAGE_NAME, type ServerCommand } from './server-command.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where and how each client keeps its MCP servers, as its documentation says (docs/clients.md
 * links each page): the file, its format, the key the servers sit under, the entry of one
 * server, and what to do once it is written.
 */
export interface ClientFormat {
  readonly name: string;
  readonly title: string;
  /** `project`: a file in the workspace, shared with whoever clones it; `user`: the user's own. */
  readonly scope: 'project' | 'user';
  readonly format: 'json' | 'jsonc' | 'toml';
  /** The key under which the servers are named. */
  readonly serversKey: string;
  /** The client finds commands on the user's PATH; a desktop app started from its launcher may not. */
  readonly portable: boolean;
  file(root: string, env: Env, platform: NodeJS.Platform): string;
  entry(server: ServerCommand): Record<string, unknown>;
  /** What to do next, once the file is written. */
  next(server: ServerCommand): string;
}

const home = (env: Env): string => env['HOME'] ?? homedir();
const stdio = (server: ServerCommand) => ({ type: 'stdio', command: server.command, args: [...server.args] });
const plain = (server: ServerCommand) => ({ command: server.command, args: [...server.args] });

export const CLIENTS: readonly ClientFormat[] = [
  {
    name: 'claude-code',
    title: 'Claude Code',
    scope: 'project',
    format: 'json',
    serversKey: 'mcpServers',
    portable: true,
    file: (root) => join(root, '.mcp.json'),
    entry: stdio,
    next: (server) =>
      "Claude Code asks to approve a project's servers when it next starts here. For yourself alone instead of the " +
      `project: claude mcp add ${PACKAGE_NAME} -- ${commandLine(server)}`,
  },
  {
    name: 'claude-desktop',
    title: 'Claude Desktop',
    scope: 'user',
    format: 'json',
    serversKey: 'mcpServers',
    portable: false,
    file: (_root, env, platform) =>
      platform === 'darwin'
        ? join(home(env), 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json')
        : platform === 'win32'
          ? join(env['APPDATA'] ?? join(home(env), 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json')
          : join(env['XDG_CONFIG_HOME'] ?? join(home(env), '.config'), 'Claude', 'claude_desktop_config.json'),
    entry: plain,
    next: () => 'Restart Claude Desktop to start the server.',
  },
  {
    name: 'cursor',
    title: 'Cursor',
    scope: 'project',
    format: 'json',
    serversKey: 'mcpServers',
    portable: true,
    file: (root) => join(root, '.cursor', 'mcp.json'),
    entry: plain,
    next: () => 'Cursor lists the server under Settings → MCP; enable it there if it asks.',
  },
  {
    name: 'vscode',
    title: 'VS Code',
    scope: 'project',
    format: 'jsonc',
    serversKey: 'servers',
    portable: true,
    file: (root) => join(root, '.vscode', 'mcp.json'),
    entry: stdio,
    next: () => 'VS Code offers to start the server from .vscode/mcp.json (MCP: List Servers).',
  },
  {
    name: 'codex',
    title: 'Codex',
    scope: 'user',
    format: 'toml',
    serversKey: 'mcp_servers',
    portable: true,
    file: (_root, env) => join(env['CODEX_HOME'] ?? join(home(env), '.codex'), 'config.toml'),
    entry: plain,
    next: () => 'Codex starts the server in its next session.',
  },
];

export function clientNamed(name: string): ClientFormat | undefined {
  return CLIENTS.find((client) => client.name === name);
}
