import { FIND_REFERENCES, GO_TO_DEFINITION, PRESETS } from '@mcp-lsp-bridge/domain/front';

/** The server's command line: `--tools a,b` (or `LSP_BRIDGE_TOOLS`), `--help` and `--version`. */

/**
 * Named sets of tools, usable wherever a tool name is (`--tools core,hover`), from the
 * catalogue: `default` what the server offers without `--tools`; `core` the four FS-001 tools;
 * `navigation` the read-only tools that find code; `edit` those that change code and check it;
 * `all` every tool. Fewer tools cost an agent less context on every turn.
 */
export const TOOL_PRESETS: Readonly<Record<string, readonly string[]>> = PRESETS;

export type ServerArgs =
  | {
      readonly kind: 'serve';
      readonly tools: readonly string[];
      /** `--no-daemon`: every call in this process, never in the workspace's background server. */
      readonly noDaemon?: true;
    }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'invalid'; readonly message: string };

const TOOLS_FLAG = '--tools';
const NO_DAEMON_FLAG = '--no-daemon';

/**
 * Reads the arguments after `node main.js`. The tool list comes from `--tools` (`--tools a,b`
 * or `--tools=a,b`), else from `LSP_BRIDGE_TOOLS` when it is set and not blank, else every
 * tool of the `default` preset. Names and presets are separated by commas, spaces around them
 * ignored; the chosen tools keep the order of `toolNames`.
 */
export function parseServerArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  toolNames: readonly string[],
): ServerArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  if (argv.includes('--version')) return { kind: 'version' };
  let flagValue: string | undefined;
  let noDaemon = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === NO_DAEMON_FLAG) {
      noDaemon = true;
      continue;
    }
    if (arg === TOOLS_FLAG || arg.startsWith(`${TOOLS_FLAG}=`)) {
      if (flagValue !== undefined)
        return invalid(`${TOOLS_FLAG} was given more than once; list every tool in one ${TOOLS_FLAG}.`, toolNames);
      const inline = arg.startsWith(`${TOOLS_FLAG}=`);
      const value = inline ? arg.slice(TOOLS_FLAG.length + 1) : argv[i + 1];
      if (value === undefined || value.startsWith('-')) {
        return invalid(
          `${TOOLS_FLAG} needs a comma-separated list of tool names, e.g. ${TOOLS_FLAG} ${FIND_REFERENCES},${GO_TO_DEFINITION}.`,
          toolNames,
        );
      }
      if (!inline) i++;
      flagValue = value;
      continue;
    }
    return invalid(`unknown argument "${arg}".`, toolNames);
  }
  const envValue = env['LSP_BRIDGE_TOOLS'];
  const parsed: ServerArgs =
    flagValue !== undefined
      ? toolList(flagValue, TOOLS_FLAG, toolNames)
      : envValue !== undefined && envValue.trim() !== ''
        ? toolList(envValue, 'LSP_BRIDGE_TOOLS', toolNames)
        : { kind: 'serve', tools: presetTools('default', toolNames) ?? toolNames };
  return parsed.kind === 'serve' && noDaemon ? { ...parsed, noDaemon } : parsed;
}

function toolList(value: string, source: string, toolNames: readonly string[]): ServerArgs {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return invalid(`${source} lists no tool names.`, toolNames);
  const unknown = names.filter((name) => !toolNames.includes(name) && TOOL_PRESETS[name] === undefined);
  if (unknown.length > 0) {
    const quoted = unknown.map((name) => `"${name}"`).join(', ');
    return invalid(`${source}: unknown tool name${unknown.length > 1 ? 's' : ''} ${quoted}.`, toolNames);
  }
  const chosen = new Set(names.flatMap((name) => presetTools(name, toolNames) ?? [name]));
  return { kind: 'serve', tools: toolNames.filter((name) => chosen.has(name)) };
}

/** The tools a preset names, among those the server has; `undefined` for a tool name. */
function presetTools(name: string, toolNames: readonly string[]): readonly string[] | undefined {
  const preset = TOOL_PRESETS[name];
  if (preset === undefined || toolNames.includes(name)) return undefined;
  return preset.filter((tool) => toolNames.includes(tool));
}

function presetList(): string {
  return Object.entries(TOOL_PRESETS)
    .map(([name, tools]) => `${name} (${name === 'all' ? 'every tool' : tools.join(', ')})`)
    .join('; ');
}

function invalid(problem: string, toolNames: readonly string[]): ServerArgs {
  return {
    kind: 'invalid',
    message: `${problem}\nValid tool names: ${toolNames.join(', ')}.\nPresets: ${presetList()}.\nRun mcp-lsp-bridge --help for usage.`,
  };
}

export function usage(toolNames: readonly string[]): string {
  return [
    'Usage: mcp-lsp-bridge [--tools <name,name,...>] [--no-daemon]',
    '',
    'An MCP server on stdio: compiler-exact navigation and editing of TypeScript and JavaScript, Python (pyright),',
    'C and C++ (clangd), Go (gopls) and any language whose LSP server a workspace names in .lsp.json.',
    'Add it to a client with lsp-bridge init <client>; check a workspace with lsp-bridge doctor.',
    '',
    'Options:',
    '  --tools <names>  Offer these tools (comma-separated names or presets; all: every tool).',
    '                   Default: the default preset, or the list in LSP_BRIDGE_TOOLS when it is set.',
    "  --no-daemon      Answer every call in this process. By default a call runs in its workspace's",
    '                   background server, shared with the other MCP servers and lsp-bridge commands',
    '                   on that workspace (also LSP_BRIDGE_DAEMON=off; none under CI=true unless',
    '                   LSP_BRIDGE_DAEMON=on).',
    '  -h, --help       Print this help and exit.',
    '  --version        Print the version, the TypeScript versions and the language servers it runs, and exit.',
    '',
    `Tools: ${toolNames.join(', ')}`,
    `Presets: ${presetList()}`,
    '',
    'Environment: LSP_BRIDGE_BACKEND (auto | tsservice | lsp), LSP_BRIDGE_TYPESCRIPT (workspace | bundled),',
    'LSP_BRIDGE_LOG_LEVEL (error | info | debug), LSP_BRIDGE_REQUEST_TIMEOUT_MS, LSP_BRIDGE_TOOLS, LSP_BRIDGE_DAEMON (on | off);',
    'see the README for the rest.',
    '',
  ].join('\n');
}
