import { BACKENDS } from '@mcp-lsp-bridge/bridge/front';
import type { OptionSpec } from '../command-definition.js';

/** Options every command takes, wherever they appear on the line. */
export const GLOBAL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  root: {
    type: 'string',
    valueName: 'dir',
    description:
      'The workspace root. Default: the nearest directory, from the file named (else the current directory) upwards, ' +
      'with a tsconfig.json, jsconfig.json, package.json, go.mod, pyproject.toml, setup.cfg, setup.py, ' +
      'compile_commands.json, compile_flags.txt, Cargo.toml or .git; else that directory.',
  },
  backend: {
    type: 'string',
    valueName: 'name',
    description: `The language backend: ${BACKENDS.join(' or ')} (default: $LSP_BRIDGE_BACKEND, else auto).`,
  },
  json: {
    type: 'boolean',
    description: 'Print the result object (the FS-001 shape, as the MCP tool returns it) as JSON on stdout.',
  },
  'no-daemon': {
    type: 'boolean',
    description:
      "Run in this process instead of the workspace's background server, which keeps it loaded between commands " +
      'and is shared with its MCP servers (also LSP_BRIDGE_DAEMON=off; under CI=true there is none unless LSP_BRIDGE_DAEMON=on).',
  },
  help: { type: 'boolean', short: 'h', description: 'Show help (for a command: lsp-bridge <command> --help).' },
  version: {
    type: 'boolean',
    description: 'Print the version, the TypeScript versions it runs and the language servers it finds (pyright, clangd, gopls).',
  },
};
