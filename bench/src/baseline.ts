import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { listTools, McpSystem, type SystemName } from './mcp-system.js';
import { summarize } from './stats.js';

const EMPTY_SERVER = fileURLToPath(new URL('./empty-server.js', import.meta.url));

/** What any MCP server costs, measured in the same run as the bridge: its start and its round trip. */
export interface Baseline {
  /** Spawn → tools/list answered, each start. */
  readonly startMs: readonly number[];
  /** One call of the no-op tool, warm. */
  readonly roundTripMs: readonly number[];
}

/** A server's starts, spawn → initialize → tools/list answered. */
export interface StartRun {
  readonly system: SystemName | 'empty';
  readonly startMs: readonly number[];
}

/** The empty server: `starts` fresh processes, then `calls` no-op calls on the last one. */
export async function measureBaseline(starts: number, calls: number): Promise<Baseline> {
  const startMs: number[] = [];
  let roundTripMs: number[] = [];
  for (let i = 0; i < starts; i++) {
    const t0 = performance.now();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [EMPTY_SERVER],
      env: getDefaultEnvironment(),
      cwd: tmpdir(),
    });
    const client = new Client({ name: 'mcp-lsp-bridge-bench', version: '0.0.0' });
    await client.connect(transport);
    await listTools(client);
    startMs.push(performance.now() - t0);
    if (i === starts - 1) {
      roundTripMs = [];
      for (let c = 0; c < calls; c++) {
        const t = performance.now();
        await client.callTool({ name: 'noop', arguments: { workspaceRoot: '/' } });
        roundTripMs.push(performance.now() - t);
      }
    }
    await client.close();
  }
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
