import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '@mcp-lsp-bridge/domain';
import { TOOL_NAMES } from '../src/tools/all-tools.js';

/** The built bin (the test target depends on this package's build), started as a client starts it. */
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
/** The tests' one module-load recorder (e2e's, reached as the CLI's tests reach e2e's fixtures). */
const RECORD_LOADS = fileURLToPath(new URL('../../../e2e/helpers/module-trace.mjs', import.meta.url));

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npx nx run mcp-app:build" first.`);
});

function run(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const { LSP_BRIDGE_TOOLS: _ignored, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [MAIN, ...args], {
    env: { ...inherited, ...env },
    input: '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function listedTools(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, ...args],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
    cwd: tmpdir(),
  });
  const client = new Client({ name: 'mcp-app-process-test', version: '0.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

describe('mcp-lsp-bridge command line', () => {
  it('prints its version and the TypeScript versions it runs for --version, loading no backend', () => {
    const require = createRequire(import.meta.url);
    const own = require('../package.json') as { version: string };
    const typescript = require('typescript/package.json') as { version: string };
    const { status, stdout, stderr } = run(['--version']);
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(`mcp-lsp-bridge ${own.version}`);
    expect(lines[1]).toMatch(new RegExp(`^typescript ${typescript.version.replace(/\./g, '\\.')} `));
    expect(stdout).toMatch(/^typescript-language-server \d+\.\d+\.\d+ /m);
    expect(stdout).toMatch(/^typescript-7 7\.\d+\.\d+ /m);
  });

  it('exits 2 on an unknown tool name, listing the valid names on stderr without a stack trace', () => {
    const { status, stdout, stderr } = run(['--tools', 'find_references,grep']);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('mcp-lsp-bridge: --tools: unknown tool name "grep".');
    expect(stderr).toContain(`Valid tool names: ${TOOL_NAMES.join(', ')}.`);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('exits 2 on an unknown name in LSP_BRIDGE_TOOLS and on --tools without a list', () => {
    expect(run([], { LSP_BRIDGE_TOOLS: 'nope' })).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('LSP_BRIDGE_TOOLS') as unknown,
    });
    expect(run(['--tools'])).toMatchObject({ status: 2, stderr: expect.stringContaining('Valid tool names:') as unknown });
  });

  it('prints usage for --help and exits 0 without serving', () => {
    const { status, stdout } = run(['--help']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: mcp-lsp-bridge \[--tools <name,name,\.\.\.>\]/);
  });

  it('serves only the tools named by --tools, --tools= or LSP_BRIDGE_TOOLS', async () => {
    expect(await listedTools(['--tools', 'go_to_definition,find_references'])).toEqual(['find_references', 'go_to_definition']);
    expect(await listedTools(['--tools=hover'])).toEqual(['hover']);
    expect(await listedTools([], { LSP_BRIDGE_TOOLS: 'document_symbols,workspace_symbols' })).toEqual([
      'document_symbols',
      'workspace_symbols',
    ]);
  });

  it('serves the default preset without the option, and every tool with --tools all', async () => {
    expect(await listedTools([])).toEqual(PRESETS.default);
    expect(await listedTools(['--tools', 'all'])).toEqual(TOOL_NAMES);
  });

  it('answers tools/list without loading a use-case, a backend, TypeScript, a tool it does not offer or a renderer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-lsp-bridge-loads-'));
    try {
      const record = join(dir, 'loads');
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['--import', RECORD_LOADS, MAIN, '--tools', 'find_references,hover'],
        env: { ...getDefaultEnvironment(), MODULE_TRACE: record },
        stderr: 'pipe',
        cwd: tmpdir(),
      });
      const client = new Client({ name: 'mcp-app-process-test', version: '0.0.0' });
      await client.connect(transport);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['find_references', 'hover']);
      await client.close();
      const loaded = (await readFile(record, 'utf8')).split('\n').filter((line) => line !== '');
      const matching = (pattern: RegExp): string[] => loaded.filter((module) => pattern.test(module)).map((module) => basename(module));
      expect(loaded.some((module) => module.endsWith('/mcp-app/dist/main.js'))).toBe(true);
      expect(matching(/\/domain\/dist\/use-cases\//)).toEqual([]);
      expect(matching(/\/packages\/(ts-syntax|ts-workspace|tsservice-adapter|lsp-adapter|setup-adapter|workspace)\//)).toEqual([]);
      expect(matching(/\/node_modules\/(typescript|pyright)\//)).toEqual([]);
      expect(matching(/\/mcp-app\/dist\/tools\/[^/]+\.tool\.js$/).sort()).toEqual(['find-references.tool.js', 'hover.tool.js']);
      expect(matching(/\/mcp-app\/dist\/render\/[^/]+\.render\.js$/)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a server whose client is gone', () => {
  it('exits once its client closes stdin and stderr, even with logs to write', async () => {
    const child = spawn(process.execPath, [MAIN], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...getDefaultEnvironment(), LSP_BRIDGE_DAEMON: 'off', LSP_BRIDGE_LOG_LEVEL: 'info' },
      cwd: tmpdir(),
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise((resolve) => child.stderr.once('data', resolve));
    // The client died: its ends of the pipes are gone, and the server's shutdown logs to a stderr no one reads.
    child.stderr.destroy();
    child.stdout.destroy();
    child.stdin.end();
    const ended = await Promise.race([exit, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 10_000))]);
    if (ended === 'running') child.kill('SIGKILL');
    expect(ended).toBe(0);
  }, 20_000);
});
