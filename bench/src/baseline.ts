import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { build } from 'esbuild';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { listTools, McpSystem, type SystemName } from './mcp-system.js';
import { summarize } from './stats.js';

const EMPTY_SERVER = fileURLToPath(new URL('./empty-server.js', import.meta.url));
const EMPTY_SERVER_BUNDLED = fileURLToPath(new URL('./empty-server.bundled.mjs', import.meta.url));

/**
 * The empty server as one file, as the bridge's package is (esbuild, every import bundled): Node
 * loads the SDK and zod as a few hundred ES modules otherwise, which the bridge's bundle does not
 * pay (2026-11-28: 148 ms to tools/list unbundled, 82 ms bundled). The start-up budget compares
 * like with like.
 */
async function bundledEmptyServer(): Promise<string> {
  await build({
    entryPoints: [EMPTY_SERVER],
    outfile: EMPTY_SERVER_BUNDLED,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // The SDK's CommonJS dependencies (ajv) call require.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return EMPTY_SERVER_BUNDLED;
}

/** What any MCP server costs, measured in the same run as the bridge: its start and its round trip. */
export interface Baseline {
  /** Spawn → tools/list answered, each start, the empty server bundled (the budget's baseline). */
  readonly startMs: readonly number[];
  /** The same, the empty server as its package installs it (unbundled): shown, not budgeted. */
  readonly unbundledStartMs: readonly number[];
  /** One call of the no-op tool, warm (bundled). */
  readonly roundTripMs: readonly number[];
}

/** A server's starts, spawn → initialize → tools/list answered. */
export interface StartRun {
  readonly system: SystemName | 'empty';
  readonly startMs: readonly number[];
}

/** The empty server, bundled and not, interleaved: `starts` fresh processes each, then `calls` no-op calls on the last bundled one. */
export async function measureBaseline(starts: number, calls: number): Promise<Baseline> {
  const bundled = await bundledEmptyServer();
  const unbundledStartMs: number[] = [];
  const startMs: number[] = [];
  let roundTripMs: number[] = [];
  for (let i = 0; i < starts; i++) {
    unbundledStartMs.push((await emptyServerRun(EMPTY_SERVER, 0)).startMs);
    const run = await emptyServerRun(bundled, i === starts - 1 ? calls : 0);
    startMs.push(run.startMs);
    if (i === starts - 1) roundTripMs = run.roundTripMs;
  }
  return { startMs, unbundledStartMs, roundTripMs };
}

/** One start of the empty server `main`, spawn → tools/list answered, then `calls` no-op calls. */
async function emptyServerRun(main: string, calls: number): Promise<{ startMs: number; roundTripMs: number[] }> {
  const roundTripMs: number[] = [];
  const t0 = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [main],
    env: getDefaultEnvironment(),
    cwd: tmpdir(),
  });
  const client = new Client({ name: 'mcp-lsp-bridge-bench', version: '0.0.0' });
  await client.connect(transport);
  await listTools(client);
  const startMs = performance.now() - t0;
  for (let c = 0; c < calls; c++) {
    const t = performance.now();
    await client.callTool({ name: 'noop', arguments: { workspaceRoot: '/' } });
    roundTripMs.push(performance.now() - t);
  }
  await client.close();
  return { startMs, roundTripMs };
}

/** The bridge's starts: spawn → tools/list, `starts` fresh processes (no call: what an agent waits for before its first). */
export async function measureStarts(system: SystemName, root: string, starts: number): Promise<StartRun> {
  const startMs: number[] = [];
  for (let i = 0; i < starts; i++) {
    const t0 = performance.now();
    const server = await McpSystem.start(system, root);
    startMs.push(performance.now() - t0);
    await server[Symbol.asyncDispose]();
  }
  return { system, startMs };
}

export function median(values: readonly number[]): number {
  return summarize(values)?.median ?? Number.NaN;
}
