import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from './helpers/in-process.js';
import { SERVER_MAIN } from './helpers/paths.js';

// `lsp-bridge init <client>`: each file written where its client reads it, parsed as that client
// parses it (JSON; VS Code's JSON with comments; Codex's TOML), in the shape docs/clients.md
// documents, merged into what was there; and the command it configures starts a server.

const DOCS = readFileSync(new URL('../../../docs/clients.md', import.meta.url), 'utf8');

/** The configuration snippet docs/clients.md gives for a client (its `## <title>` section). */
function documented(title: string): unknown {
  const section = DOCS.split(/\n## /).find((part) => part.startsWith(`${title}\n`)) ?? '';
  const block = /^```(json|toml)\n([\s\S]*?)^```$/m.exec(section);
  if (block === null) throw new Error(`docs/clients.md has no snippet for ${title}`);
  return block[1] === 'toml' ? parseToml(block[2] ?? '') : (JSON.parse(block[2] ?? '') as unknown);
}

/** Parses a file as VS Code reads its .vscode/mcp.json: JSON with comments and trailing commas. */
function parseVsCode(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  expect(errors).toEqual([]);
  return value;
}

let work: string;
let root: string;
let home: string;
/** A PATH holding an installed `mcp-lsp-bridge` (the built server, as `npm install -g` links it). */
let installedPath: string;

beforeEach(async () => {
  work = await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-init-')));
  root = join(work, 'project');
  home = join(work, 'home');
  const bin = join(work, 'bin');
  await Promise.all([mkdir(root), mkdir(home), mkdir(bin)]);
  await writeFile(join(root, 'package.json'), '{}');
  // As npm installs a bin: a link to an executable script of the package (here one that runs the built server).
  const script = join(work, 'lib', 'mcp-lsp-bridge.js');
  await mkdir(dirname(script));
  await writeFile(script, `#!/usr/bin/env node\nimport ${JSON.stringify(pathToFileURL(SERVER_MAIN).href)};\n`);
  await chmod(script, 0o755);
  await symlink(script, join(bin, 'mcp-lsp-bridge'));
  installedPath = bin;
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

const init = (args: readonly string[], path = installedPath) =>
  runInProcess(['init', ...args], { cwd: root, env: { HOME: home, PATH: path } });
const installed = { command: 'mcp-lsp-bridge', args: [] };

describe('lsp-bridge init', () => {
  it.each([
    [
      'claude-code',
      'Claude Code',
      () => join(root, '.mcp.json'),
      (t: string) => JSON.parse(t) as unknown,
      'mcpServers',
      { type: 'stdio', ...installed },
    ],
    ['cursor', 'Cursor', () => join(root, '.cursor', 'mcp.json'), (t: string) => JSON.parse(t) as unknown, 'mcpServers', installed],
    ['vscode', 'VS Code', () => join(root, '.vscode', 'mcp.json'), parseVsCode, 'servers', { type: 'stdio', ...installed }],
    ['codex', 'Codex', () => join(home, '.codex', 'config.toml'), (t: string) => parseToml(t) as unknown, 'mcp_servers', installed],
  ])(
    '%s: writes the installed command where the client reads it, in the shape docs/clients.md documents',
    async (client, title, file, parse, key, entry) => {
      const run = await init([client]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.split('\n')[0]).toBe(`Added mcp-lsp-bridge (mcp-lsp-bridge) in ${file()}.`);
      const written = parse(await readFile(file(), 'utf8'));
      expect(written).toEqual({ [key]: { 'mcp-lsp-bridge': entry } });
      expect(written).toEqual(documented(title));
    },
  );

  it('claude-desktop: writes Node and the server script by their full paths (a desktop app may not see the PATH)', async () => {
    const run = await init(['claude-desktop']);
    expect(run.code, run.stderr).toBe(0);
    const file = join(home, '.config', 'Claude', 'claude_desktop_config.json');
    const written = JSON.parse(await readFile(file, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> };
    const script = realpathSync(join(installedPath, 'mcp-lsp-bridge'));
    expect(written).toEqual({ mcpServers: { 'mcp-lsp-bridge': { command: process.execPath, args: [script] } } });
    // The same shape as the documented one, whose command is the installed name.
    const docs = documented('Claude Desktop') as typeof written;
    expect(Object.keys(written.mcpServers['mcp-lsp-bridge'] ?? {})).toEqual(Object.keys(docs.mcpServers['mcp-lsp-bridge'] ?? {}));
  });

  it('configures a command that starts the MCP server for a real client', async () => {
    for (const client of ['claude-code', 'claude-desktop']) expect((await init([client])).code).toBe(0);
    const project = JSON.parse(await readFile(join(root, '.mcp.json'), 'utf8')) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    const desktop = JSON.parse(await readFile(join(home, '.config', 'Claude', 'claude_desktop_config.json'), 'utf8')) as typeof project;
    for (const [server, path] of [
      [project.mcpServers['mcp-lsp-bridge'], `${installedPath}:${dirname(process.execPath)}`],
      [desktop.mcpServers['mcp-lsp-bridge'], '/nonexistent'],
    ] as const) {
      const transport = new StdioClientTransport({
        command: server?.command ?? '',
        args: server?.args ?? [],
        env: { PATH: path },
        cwd: root,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'init-test', version: '0.0.0' });
      await client.connect(transport);
      try {
        expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    }
  });

  it("merges into the file the client has: other servers, other settings and VS Code's comments stay", async () => {
    const vscode = join(root, '.vscode', 'mcp.json');
    await mkdir(dirname(vscode));
    const before =
      '{\n  // my servers\n  "servers": {\n    "other": { "type": "stdio", "command": "other-server" },\n  },\n  "inputs": [],\n}\n';
    await writeFile(vscode, before);
    expect((await init(['vscode'])).stdout).toContain('kept 1 other server');
    const after = await readFile(vscode, 'utf8');
    expect(after).toContain('// my servers');
    expect(parseVsCode(after)).toEqual({
      servers: { other: { type: 'stdio', command: 'other-server' }, 'mcp-lsp-bridge': { type: 'stdio', ...installed } },
      inputs: [],
    });

    const codex = join(home, '.codex', 'config.toml');
    await mkdir(dirname(codex));
    await writeFile(
      codex,
      '# my settings\nmodel = "o3"\n\n[mcp_servers.other]\ncommand = "x"\n\n[mcp_servers.mcp-lsp-bridge]\ncommand = "old"\nstartup_timeout_ms = 20000\n\n[mcp_servers.mcp-lsp-bridge.env]\nLSP_BRIDGE_LOG_LEVEL = "debug"\n',
    );
    const run = await init(['codex', '--npx']);
    expect(run.stdout.split('\n')[0]).toBe(`Replaced mcp-lsp-bridge (npx -y mcp-lsp-bridge) in ${codex}; kept 1 other server.`);
    const text = await readFile(codex, 'utf8');
    expect(text.startsWith('# my settings\n')).toBe(true);
    expect(parseToml(text)).toEqual({
      model: 'o3',
      mcp_servers: {
        other: { command: 'x' },
        'mcp-lsp-bridge': {
          command: 'npx',
          args: ['-y', 'mcp-lsp-bridge'],
          startup_timeout_ms: 20000,
          env: { LSP_BRIDGE_LOG_LEVEL: 'debug' },
        },
      },
    });
  });

  it('changes nothing the second time', async () => {
    await init(['claude-code']);
    const first = await readFile(join(root, '.mcp.json'), 'utf8');
    const again = await init(['claude-code']);
    expect(again.stdout.split('\n')[0]).toBe(`Already had mcp-lsp-bridge (mcp-lsp-bridge) in ${join(root, '.mcp.json')}.`);
    expect(await readFile(join(root, '.mcp.json'), 'utf8')).toBe(first);
  });

  it('prints the file with --print and writes nothing', async () => {
    const run = await init(['cursor', '--print']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ mcpServers: { 'mcp-lsp-bridge': installed } });
    expect(existsSync(join(root, '.cursor'))).toBe(false);
  });

  it('leaves a file it cannot parse alone, and says which and where (exit 3)', async () => {
    const file = join(root, '.mcp.json');
    await writeFile(file, '{ "mcpServers": { ');
    const run = await init(['claude-code']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      new RegExp(
        `^lsp-bridge: error CONFIG_NOT_FOUND: ${file} is not valid JSON \\(.+ at line 1, column \\d+\\): it was left as it is\\nResolution: `,
      ),
    );
    expect(await readFile(file, 'utf8')).toBe('{ "mcpServers": { ');
  });

  it('refuses an unknown client, naming the known ones (exit 2)', async () => {
    const run = await init(['emacs']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown client "emacs"; the clients are claude-code, claude-desktop, cursor, vscode, codex');
  });

  it('configures the registry form with --npx, and the script of this install when mcp-lsp-bridge is not on the PATH', async () => {
    expect(JSON.parse((await init(['claude-code', '--npx', '--print'])).stdout)).toEqual({
      mcpServers: { 'mcp-lsp-bridge': { type: 'stdio', command: 'npx', args: ['-y', 'mcp-lsp-bridge'] } },
    });
    expect(JSON.parse((await init(['claude-code', '--print'], '/nonexistent')).stdout)).toEqual({
      mcpServers: { 'mcp-lsp-bridge': { type: 'stdio', command: process.execPath, args: [realpathSync(SERVER_MAIN)] } },
    });
  });
});
