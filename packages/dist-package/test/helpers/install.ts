import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseServerArgs, TOOL_NAMES } from '@mcp-lsp-bridge/mcp-app';

export const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const REPO_ROOT = join(PACKAGE_DIR, '..', '..');
export const FIXTURE_DIR = join(PACKAGE_DIR, 'test', 'fixture');

export const MANIFEST = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
  readonly name: string;
  readonly version: string;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly optionalDependencies: Readonly<Record<string, string>>;
};

export const TARBALL = join(REPO_ROOT, 'artifacts', `${MANIFEST.name}-${MANIFEST.version}.tgz`);

/**
 * The shared versions of the workspace (`catalog:` of pnpm-workspace.yaml), read on their own
 * as the oracle of what the packed manifest must pin: the section is flat `name: version` lines.
 */
export function catalog(): Readonly<Record<string, string>> {
  const text = readFileSync(join(REPO_ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const section = /^catalog:\n((?:[ \t]+.*\n?)*)/m.exec(text)?.[1] ?? '';
  const entries = section
    .split('\n')
    .map((line) => /^\s+'?([^':]+)'?:\s*(\S+)\s*$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1] ?? '', match[2] ?? ''] as const);
  return Object.fromEntries(entries);
}

/**
 * The environment of a user's shell: none of the settings pnpm, npm or Nx hand to the test
 * (they would steer the install), and no NODE_PATH that could reach the repository.
 */
export function userEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('npm_') || lower.startsWith('pnpm_') || lower.startsWith('nx_') || name === 'NODE_PATH') continue;
    if (name.startsWith('LSP_BRIDGE_') || name === 'NODE_OPTIONS' || name === 'VITEST' || name.startsWith('VITEST_')) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program (never through a shell) and answers its exit status and output. */
export function run(
  file: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv; readonly timeoutMs?: number; readonly input?: string },
): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      [...args],
      { cwd: options.cwd, env: options.env ?? userEnv(), timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr: error !== null && code === -1 ? `${stderr}\n${error.message}` : stderr });
      },
    );
    // A program may exit without reading its input (EPIPE): that is its answer, not a failure here.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input ?? '');
  });
}

/** A fresh temporary directory outside the repository (real path: results are relative to it). */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  if (!relative(REPO_ROOT, dir).startsWith('..')) throw new Error(`${dir} is inside the repository ${REPO_ROOT}`);
  return dir;
}

const copies: string[] = [];

/** A copy of the marked fixture project in a temporary directory; answers its root. */
export async function copyFixture(): Promise<string> {
  const dir = await tempDir('mcp-lsp-bridge-fixture-');
  copies.push(dir);
  const root = join(dir, 'calculator');
  await cp(FIXTURE_DIR, root, { recursive: true });
  return root;
}

/** Removes the copies `copyFixture` made (a test file's `afterAll`). */
export async function removeFixtureCopies(): Promise<void> {
  for (const dir of copies.splice(0)) await rm(dir, { recursive: true, force: true });
}

export interface MarkedLocation {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  readonly referenceType: 'declaration' | 'usage';
}

const MARKER = /\/\*@(decl|use):([^*]+)\*\//g;

/**
 * Every marked location of `symbol` in the project: the position just after each marker
 * (1-based line, column counting characters), declarations first, then by path and position.
 */
export async function markedLocations(root: string, symbol: string): Promise<MarkedLocation[]> {
  const found: MarkedLocation[] = [];
  for (const name of (await readdir(join(root, 'src'))).sort()) {
    const filePath = `src/${name}`;
    const lines = (await readFile(join(root, filePath), 'utf8')).split('\n');
    lines.forEach((text, index) => {
      for (const match of text.matchAll(MARKER)) {
        if (match[2] !== symbol) continue;
        const column = Array.from(text.slice(0, match.index + match[0].length)).length + 1;
        found.push({ filePath, line: index + 1, column, referenceType: match[1] === 'decl' ? 'declaration' : 'usage' });
      }
    });
  }
  const rank = (location: MarkedLocation): number => (location.referenceType === 'declaration' ? 0 : 1);
  return found.sort(
    (a, b) =>
      rank(a) - rank(b) || (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0) || a.line - b.line || a.column - b.column,
  );
}

/**
 * A real MCP client (the SDK's) starts `command` as a client configuration would, lists its
 * tools and asks find_references for `Calculator.add` in the fixture project at `fixture`.
 */
export async function findReferencesOverStdio(
  server: { readonly command: string; readonly args: readonly string[]; readonly cwd: string; readonly env: NodeJS.ProcessEnv },
  fixture: string,
): Promise<{ readonly tools: string[]; readonly result: CallToolResult }> {
  const transport = new StdioClientTransport({
    command: server.command,
    args: [...server.args],
    cwd: server.cwd,
    env: server.env as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'dist-package-test', version: '0.0.0' });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const result = (await client.callTool({
      name: 'find_references',
      arguments: { workspaceRoot: fixture, filePath: 'src/calculator.ts', symbol: 'Calculator.add' },
    })) as CallToolResult;
    return { tools, result };
  } finally {
    await client.close();
  }
}

/** The tools a server offers without `--tools` or LSP_BRIDGE_TOOLS: the catalogue's `default` preset. */
export const DEFAULT_TOOLS: readonly string[] = ((): readonly string[] => {
  const args = parseServerArgs([], {}, TOOL_NAMES);
  if (args.kind !== 'serve') throw new Error('an empty command line serves');
  return args.tools;
})();
