import { rootOf } from '../args/find-root.js';
import { flag, stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { ExitCode } from '../exit-codes.js';
import { formatToolError } from '../format/error.format.js';
import { CLIENTS, clientNamed } from './init/clients.js';
import type { MergeResult } from './init/merge-result.js';
import { PACKAGE_NAME, serverCommand } from './init/server-command.js';
import { readConfig, writeConfig } from './init/write-config.js';
import type { MetaCommand } from './meta-command.js';

const NAME = 'init';

export const initCommand: MetaCommand = {
  name: NAME,
  aliases: [],
  summary: 'Add the MCP server to a client: claude-code, claude-desktop, cursor, vscode, codex',
  description:
    "Adds mcp-lsp-bridge to a client's MCP configuration, merged into the file it already has: its other servers, " +
    "comments and the entry's own other fields stay. Claude Code, Cursor and VS Code get the project's file (.mcp.json, " +
    ".cursor/mcp.json, .vscode/mcp.json under --root); Claude Desktop and Codex the user's (claude_desktop_config.json, " +
    '~/.codex/config.toml). The server is the installed mcp-lsp-bridge command (for Claude Desktop, which may not see ' +
    "the shell's PATH, Node and the script's full path), or with --npx the registry's package. --print shows the file " +
    'it would write, and writes nothing.',
  arguments: [{ name: '<client>', description: `One of ${CLIENTS.map((client) => client.name).join(', ')}.` }],
  options: {
    print: { type: 'boolean', description: 'Print the configuration file as it would be written, and write nothing.' },
    npx: {
      type: 'boolean',
      description: `Configure npx -y ${PACKAGE_NAME} (the package from the npm registry) instead of the installed command.`,
    },
  },
  examples: [
    { command: 'lsp-bridge init claude-code', description: 'adds the server to the .mcp.json of the current project' },
    { command: 'lsp-bridge init vscode --print', description: 'shows .vscode/mcp.json with the server added, without writing it' },
    { command: 'lsp-bridge init codex --npx', description: "adds the registry's package to ~/.codex/config.toml" },
  ],
  seeAlso: 'Each format is described, with where each client reads it, in docs/clients.md.',

  async run(args, io, styles) {
    const [name = ''] = args.positionals;
    const client = clientNamed(name);
    if (client === undefined)
      throw new UsageError(`unknown client "${name}"; the clients are ${CLIENTS.map((known) => known.name).join(', ')}`, NAME);
    const server = await serverCommand({ npx: flag(args, 'npx'), portable: client.portable }, io.env);
    if (server === undefined)
      throw new UsageError(
        `${PACKAGE_NAME} is not installed where init can find it (not on PATH); install it (README: "Use it"), or pass --npx`,
        NAME,
      );
    const file = client.file(rootOf(stringOption(args, 'root'), io.cwd), io.env, process.platform);
    const text = readConfig(file);
    // The TOML and JSONC libraries are loaded by init only: every other command starts without them.
    const merged: MergeResult =
      typeof text === 'object'
        ? text
        : client.format === 'toml'
          ? (await import('./init/toml-config.js')).mergeToml(file, text, client.serversKey, PACKAGE_NAME, client.entry(server))
          : (await import('./init/json-config.js')).mergeJson(
              file,
              text,
              client.serversKey,
              PACKAGE_NAME,
              client.entry(server),
              client.format === 'jsonc',
            );
    if ('refusal' in merged) {
      io.stderr.write(formatToolError(merged.refusal, styles.err).join('\n') + '\n');
      return ExitCode.TOOL_ERROR;
    }
    if (flag(args, 'print')) {
      io.stdout.write(merged.text);
      io.stderr.write(`${file} was not written (--print); the above is what it would hold.\n`);
      return ExitCode.OK;
    }
    if (merged.action !== 'unchanged') {
      const failed = writeConfig(file, merged.text);
      if (failed !== undefined) {
        io.stderr.write(formatToolError(failed, styles.err).join('\n') + '\n');
        return ExitCode.TOOL_ERROR;
      }
    }
    const kept = merged.others.length === 0 ? '' : `; kept ${merged.others.length} other server${merged.others.length === 1 ? '' : 's'}`;
    const did = { added: 'Added', replaced: 'Replaced', unchanged: 'Already had' }[merged.action];
    const summary = `${did} ${PACKAGE_NAME} (${[server.command, ...server.args].join(' ')}) in ${file}${kept}.`;
    if (args.values['json'] === true)
      io.stdout.write(`${JSON.stringify({ client: client.name, file, action: merged.action, server, others: merged.others }, null, 2)}\n`);
    else io.stdout.write(`${summary}\n${client.next(server)}\n`);
    return ExitCode.OK;
  },
};
