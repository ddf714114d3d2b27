import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { QueryTiming } from './floor.js';
import { treeRss } from './proc-tree.js';
import type { SampledSymbol } from './sample.js';

/**
 * The server measured: this checkout's as users install it (the package's bundle,
 * `packages/dist-package/dist`), or another build's (`BENCH_SERVER_MAIN`, to compare a change with
 * what it replaces).
 */
export const SERVER_MAIN =
  process.env['BENCH_SERVER_MAIN'] ?? fileURLToPath(new URL('../../packages/dist-package/dist/mcp-lsp-bridge.js', import.meta.url));

export const SYSTEMS = {
  // The default: each corpus is answered by the typescript it resolves (the bench's own, under bench/).
  auto: { LSP_BRIDGE_BACKEND: 'auto' },
  tsservice: { LSP_BRIDGE_BACKEND: 'tsservice' },
  'lsp-tsls': { LSP_BRIDGE_BACKEND: 'lsp', LSP_BRIDGE_LSP_SERVER: 'typescript-language-server' },
  'lsp-tsgo': { LSP_BRIDGE_BACKEND: 'lsp', LSP_BRIDGE_LSP_SERVER: 'tsgo' },
} as const;
export type SystemName = keyof typeof SYSTEMS;

// Long enough that no bench call is cut: a cut answer would be measured as a fast one.
const LONG_MS = 1_800_000;
const CALL_OPTIONS = { timeout: LONG_MS, maxTotalTimeout: LONG_MS };

/** Where the start of a server went: spawn to the initialize answer, then the tool list. */
export interface StartTimes {
  readonly initializeMs: number;
  readonly listToolsMs: number;
}

/** The settings every bench server runs with: no call is ever cut short. */
export function systemEnvironment(system: SystemName): Record<string, string> {
  return {
    ...getDefaultEnvironment(),
    ...SYSTEMS[system],
    // The bridge measured in its own process: a background server would answer from another.
    LSP_BRIDGE_DAEMON: 'off',
    // Every tool the bench calls, whichever the default preset leaves out.
    LSP_BRIDGE_TOOLS: 'all',
    LSP_BRIDGE_REQUEST_TIMEOUT_MS: String(LONG_MS),
    LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS: String(LONG_MS),
    LSP_BRIDGE_DIAGNOSTICS_BUDGET_MS: String(LONG_MS),
  };
}

export interface ToolAnswer {
  readonly isError: boolean;
  /** Characters of the text content (UTF-16 units, as `String.length` counts). */
  readonly textChars: number;
  /** Characters of the structured content as JSON. */
  readonly structuredChars: number;
  readonly structured: Record<string, unknown>;
}

/** One running server, driven like a real MCP client drives it. */
export class McpSystem implements AsyncDisposable {
  private constructor(
    private readonly client: Client,
    private readonly transport: StdioClientTransport,
    readonly workspaceRoot: string,
    readonly stderr: string[],
    readonly startTimes: StartTimes,
  ) {}

  /** `debug`: the server logs at debug level, which names the phases of its first call (cold runs only). */
  static async start(system: SystemName, workspaceRoot: string, options: { debug?: boolean } = {}): Promise<McpSystem> {
    const env = { ...systemEnvironment(system), ...(options.debug === true ? { LSP_BRIDGE_LOG_LEVEL: 'debug' } : {}) };
    const t0 = performance.now();
    const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_MAIN], env, stderr: 'pipe', cwd: tmpdir() });
    const stderr: string[] = [];
    transport.stderr?.on('data', (chunk: Buffer | string) => stderr.push(String(chunk)));
    const client = new Client({ name: 'mcp-lsp-bridge-bench', version: '0.0.0' });
    await client.connect(transport);
    const t1 = performance.now();
    await listTools(client);
    const startTimes = { initializeMs: t1 - t0, listToolsMs: performance.now() - t1 };
    return new McpSystem(client, transport, workspaceRoot, stderr, startTimes);
  }

  /** One MCP round trip that does no tool work (`ping`): the protocol's own share of every call. */
  async ping(): Promise<number> {
    const t0 = performance.now();
    await this.client.ping();
    return performance.now() - t0;
  }

  get pid(): number {
    const pid = this.transport.pid;
    if (pid === null) throw new Error('server not running');
    return pid;
  }

  rss(): number {
    return treeRss(this.pid);
  }

  /** Any tool call, with what its answer costs an agent in characters. */
  async callTool(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
    const raw = (await this.client.callTool(
      { name, arguments: { workspaceRoot: this.workspaceRoot, ...args } },
      undefined,
      CALL_OPTIONS,
    )) as CallToolResult;
    const text = raw.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    const structured = raw.structuredContent ?? {};
    return { isError: raw.isError === true, textChars: text.length, structuredChars: JSON.stringify(structured).length, structured };
  }

  /** Any tool call, timed, with its error code when it failed. */
  async timedCall(name: string, args: Record<string, unknown>): Promise<{ ms: number; isError: boolean; code?: string }> {
    const r = await this.call(name, args);
    return r.isError ? { ms: r.ms, isError: true, code: errorCode(r.structured) } : { ms: r.ms, isError: false };
  }

  private async call(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ ms: number; structured: Record<string, unknown>; isError: boolean }> {
    const t0 = performance.now();
    const raw = (await this.client.callTool(
      { name, arguments: { workspaceRoot: this.workspaceRoot, ...args } },
      undefined,
      CALL_OPTIONS,
    )) as CallToolResult;
    const ms = performance.now() - t0;
    return { ms, structured: raw.structuredContent ?? {}, isError: raw.isError === true };
  }

  async references(symbol: SampledSymbol): Promise<QueryTiming & { error?: string }> {
    const r = await this.call('find_references', { filePath: symbol.filePath, line: symbol.line, column: symbol.column, limit: 100_000 });
    const refs = (r.structured['references'] ?? []) as { filePath: string; line: number; column: number }[];
    const keys = refs.filter((ref) => !ref.filePath.startsWith('/')).map((ref) => `${ref.filePath}:${ref.line}:${ref.column}`);
    return r.isError ? { ms: r.ms, keys, error: errorCode(r.structured) } : { ms: r.ms, keys };
  }

  async definition(symbol: SampledSymbol): Promise<{ ms: number; error?: string }> {
    const r = await this.call('go_to_definition', { filePath: symbol.filePath, line: symbol.line, column: symbol.column });
    return r.isError ? { ms: r.ms, error: errorCode(r.structured) } : { ms: r.ms };
  }

  async rename(
    symbol: SampledSymbol,
    newName: string,
    options: { dryRun?: boolean } = {},
  ): Promise<{ ms: number; error?: string; totalChanges: number }> {
    const dryRun = options.dryRun === true ? { dryRun: true } : {};
    const r = await this.call('rename_symbol', { filePath: symbol.filePath, line: symbol.line, column: symbol.column, newName, ...dryRun });
    const totalChanges = Number(r.structured['totalChanges'] ?? 0);
    return r.isError ? { ms: r.ms, error: errorCode(r.structured), totalChanges } : { ms: r.ms, totalChanges };
  }

  /** Project-wide, or of `filePath` only. */
  async diagnostics(filePath?: string): Promise<{ ms: number; errors: number; failures: number; compiler: string; error?: string }> {
    const r = await this.call('get_diagnostics', filePath === undefined ? {} : { filePath });
    const errors = Number(r.structured['errorCount'] ?? 0);
    const failures = ((r.structured['failures'] ?? []) as unknown[]).length;
    const compiler = compilerOf(r.structured);
    return r.isError ? { ms: r.ms, errors, failures, compiler, error: errorCode(r.structured) } : { ms: r.ms, errors, failures, compiler };
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.client.close().catch(() => undefined);
  }
}

/** Which compiler answered, as the result names it: `5.9.3 workspace`. */
function compilerOf(structured: Record<string, unknown>): string {
  const compiler = structured['compiler'] as { version?: string; source?: string } | undefined;
  return compiler === undefined ? '–' : `${compiler.version ?? '?'} ${compiler.source ?? '?'}`;
}

function errorCode(structured: Record<string, unknown>): string {
  const error = structured['error'] as { code?: string; message?: string } | undefined;
  return `${error?.code ?? 'ERROR'}: ${error?.message ?? ''}`.slice(0, 300);
}

/** The phases of a cold first answer: the client's view (start, tool list, call) and the server's log (discovery, program). */
export interface ColdPhases {
  readonly initializeMs: number;
  readonly listToolsMs: number;
  readonly callMs: number;
  /** tsservice: finding and parsing the config; lsp: starting and initialising the language server. */
  readonly discoveryMs?: number;
  /** tsservice: building the program (parse, bind, resolve); lsp: not visible (inside the server's first answer). */
  readonly programMs?: number;
}

/** Spawn → connect → list tools → first answer, as an agent's first call sees it. */
export async function coldCall<T>(
  system: SystemName,
  root: string,
  body: (server: McpSystem) => Promise<T>,
): Promise<{ ms: number; value: T; phases: ColdPhases }> {
  const t0 = performance.now();
  await using server = await McpSystem.start(system, root, { debug: true });
  const t1 = performance.now();
  const value = await body(server);
  const ms = performance.now() - t0;
  return { ms, value, phases: { ...server.startTimes, callMs: performance.now() - t1, ...serverPhases(server.stderr.join('')) } };
}

/** The phases the server's debug log names (see tsservice's project-ownership.ts and lsp's server-session.ts). */
function serverPhases(log: string): { discoveryMs?: number; programMs?: number } {
  const tsservice = /tsservice: loaded .*: discovery ([\d.]+) ms, program ([\d.]+) ms/.exec(log);
  if (tsservice) return { discoveryMs: Number(tsservice[1]), programMs: Number(tsservice[2]) };
  const lsp = /started .* for .* in ([\d.]+) ms/.exec(log);
  return lsp ? { discoveryMs: Number(lsp[1]) } : {};
}

/** Appends a comment line (positions above it do not move); returns how to undo it. */
export function editFile(root: string, filePath: string): () => void {
  const file = join(root, filePath);
  const before = readFileSync(file, 'utf8');
  appendFileSync(file, `\n// bench edit ${Date.now()}\n`);
  return () => writeFileSync(file, before);
}

/**
 * tools/list as a request: the server's answer, without the SDK client's own work on it
 * (`Client.listTools` compiles every tool's output schema with Ajv to check later answers:
 * 20 ms a call for the default tools on this machine, a cost of that client, not of the
 * server, which other clients do not pay). So the client checks no answer against an output
 * schema either: the bench times the servers; the contract suite checks the answers.
 */
export async function listTools(client: Client): Promise<void> {
  await client.request({ method: 'tools/list', params: {} }, ListToolsResultSchema);
}
