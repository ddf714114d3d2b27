import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_MAIN } from '../mcp-system.js';
import { processTree, treeRss } from '../proc-tree.js';
import { Rng } from '../rng.js';
import { planCall } from './soak-calls.js';
import { SoakProject } from './soak-project.js';

export const SOAK_BACKENDS = { tsservice: { LSP_BRIDGE_BACKEND: 'tsservice' }, lsp: { LSP_BRIDGE_BACKEND: 'lsp' } } as const;
export type SoakBackend = keyof typeof SOAK_BACKENDS;

export interface SoakOptions {
  readonly backend: SoakBackend;
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly concurrency: number;
  readonly seed: number;
  readonly churnEveryMs: number;
  readonly churnFiles: number;
  readonly log: (message: string) => void;
}

/** What a soak measured, after warm-up. */
export interface SoakReport {
  readonly backend: SoakBackend;
  readonly seconds: number;
  readonly concurrency: number;
  readonly seed: number;
  readonly calls: number;
  readonly callsByTool: Record<string, number>;
  /** Results checked against the model (no change on disk during the call). */
  readonly judged: number;
  readonly wrong: number;
  readonly wrongExamples: string[];
  readonly errors: Record<string, number>;
  /** Errors the call could not rightly get (a stable file's call failing, a protocol error). */
  readonly unexpected: Record<string, number>;
  readonly unexpectedExamples: string[];
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly churn: { edits: number; creates: number; deletes: number };
  readonly rssStartBytes: number;
  readonly rssEndBytes: number;
  readonly fdsStart: number;
  readonly fdsEnd: number;
  /** RSS of the server's process tree every `sampleEverySeconds` of the measured run, in MB. */
  readonly rssSamplesMb: number[];
}

/** Open file descriptors of a process and its descendants (Linux /proc). */
export function treeFds(root: number): number {
  let total = 0;
  for (const pid of processTree(root)) {
    try {
      total += readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      // Gone, or not ours to look at.
    }
  }
  return total;
}

function nodeOptions(): Record<string, string> {
  const value = process.env['NODE_OPTIONS'];
  return value === undefined || value === '' ? {} : { NODE_OPTIONS: value };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

class Tally {
  calls = 0;
  judged = 0;
  wrong = 0;
  readonly byTool = new Map<string, number>();
  readonly errors = new Map<string, number>();
  readonly unexpected = new Map<string, number>();
  readonly wrongExamples: string[] = [];
  readonly unexpectedExamples: string[] = [];
  readonly latencies: number[] = [];
}

const count = (map: Map<string, number>, key: string): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};

/**
 * One soak of one backend: `concurrency` calls in flight, the project churning every
 * `churnEveryMs`, a warm-up, then the measured run. Resources are sampled with no call in
 * flight, after the warm-up and at the end.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-bridge-soak-')));
  const rng = new Rng(options.seed);
  const project = new SoakProject(join(work, 'app'), join(work, 'writes'), rng, options.churnFiles);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_MAIN],
    // NODE_OPTIONS reaches the server (e.g. --max-old-space-size, to tell a leak from memory not yet collected).
    // In-process calls (no background server): the soak samples this process's memory and descriptors.
    env: {
      ...getDefaultEnvironment(),
      ...nodeOptions(),
      LSP_BRIDGE_DAEMON: 'off',
      LSP_BRIDGE_TOOLS: 'all',
      ...SOAK_BACKENDS[options.backend],
    },
    stderr: 'ignore',
    cwd: tmpdir(),
  });
  const client = new Client({ name: 'mcp-lsp-bridge-soak', version: '0.0.0' });
  await client.connect(transport);
  await client.listTools();
  const pid = transport.pid;
  if (pid === null) throw new Error('the server did not start');
  let scratch = 0;
  const lanes = new Set<string>();

  const phase = async (seconds: number, tally: Tally): Promise<void> => {
    const end = performance.now() + seconds * 1000;
    const churner = setInterval(() => project.churn(), options.churnEveryMs);
    const worker = async (): Promise<void> => {
      while (performance.now() < end) {
        let call = planCall(project, rng, () => ++scratch);
        while (call.lane !== undefined && lanes.has(call.lane)) call = planCall(project, rng, () => ++scratch);
        if (call.lane !== undefined) lanes.add(call.lane);
        const version = project.version;
        const started = performance.now();
        let raw: CallToolResult | undefined;
        let thrown: unknown;
        try {
          raw = (await client.callTool({ name: call.tool, arguments: call.args }, undefined, { timeout: 300_000 })) as CallToolResult;
        } catch (error) {
          thrown = error;
        } finally {
          if (call.lane !== undefined) lanes.delete(call.lane);
        }
        tally.latencies.push(performance.now() - started);
        tally.calls++;
        count(tally.byTool, call.tool);
        const structured = raw?.structuredContent;
        if (raw === undefined || structured === undefined) {
          count(tally.unexpected, 'PROTOCOL_ERROR');
          if (tally.unexpectedExamples.length < 10) tally.unexpectedExamples.push(`${call.tool}: ${String(thrown)}`);
          continue;
        }
        if (raw.isError === true) {
          const error = (structured as { error: { code: string; message: string } }).error;
          count(tally.errors, error.code);
          // With nothing changed during the call, its file and position were there: no error is right.
          if (project.version === version || !call.allowedErrors.includes(error.code)) {
            count(tally.unexpected, error.code);
            if (tally.unexpectedExamples.length < 10)
              tally.unexpectedExamples.push(
                `${call.tool} ${error.code} (${project.version === version ? 'nothing changed during the call' : 'files changed during the call'}): ${error.message.slice(0, 300)}`,
              );
          }
          continue;
        }
        const unchanged = project.version === version;
        const verdict = call.always?.(structured) ?? (unchanged ? call.judge(structured) : undefined);
        if (unchanged) tally.judged++;
        if (verdict !== undefined) {
          tally.wrong++;
          if (tally.wrongExamples.length < 10)
            tally.wrongExamples.push(`${call.tool} ${JSON.stringify(call.args).slice(0, 200)}: ${verdict}`);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: options.concurrency }, worker));
    } finally {
      clearInterval(churner);
    }
  };

  try {
    options.log(`${options.backend}: warming up for ${options.warmupSeconds} s (${options.concurrency} calls in flight)`);
    await phase(options.warmupSeconds, new Tally());
    const rssStart = treeRss(pid);
    const fdsStart = treeFds(pid);
    options.log(`${options.backend}: soaking for ${options.seconds} s`);
    const tally = new Tally();
    const rssSamplesMb: number[] = [];
    const sampler = setInterval(
      () => rssSamplesMb.push(Math.round(treeRss(pid) / 1024 / 1024)),
      Math.max(1000, (options.seconds * 1000) / 12),
    );
    try {
      await phase(options.seconds, tally);
    } finally {
      clearInterval(sampler);
    }
    const rssEnd = treeRss(pid);
    const fdsEnd = treeFds(pid);
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    return {
      backend: options.backend,
      seconds: options.seconds,
      concurrency: options.concurrency,
      seed: options.seed,
      calls: tally.calls,
      callsByTool: Object.fromEntries(tally.byTool),
      judged: tally.judged,
      wrong: tally.wrong,
      wrongExamples: tally.wrongExamples,
      errors: Object.fromEntries(tally.errors),
      unexpected: Object.fromEntries(tally.unexpected),
      unexpectedExamples: tally.unexpectedExamples,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted[sorted.length - 1] ?? 0,
      churn: { ...project.churned },
      rssStartBytes: rssStart,
      rssEndBytes: rssEnd,
      fdsStart,
      fdsEnd,
      rssSamplesMb,
    };
  } finally {
    await client.close().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

/** Whether memory and descriptors stayed flat: a bound noise cannot cross, a leak soon does. */
export function resourcesFlat(report: SoakReport): boolean {
  return report.fdsEnd <= report.fdsStart + 5 && report.rssEndBytes <= 1.5 * report.rssStartBytes + 50 * 1024 * 1024;
}

export function describeReport(report: SoakReport): string {
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const list = (record: Record<string, number>): string =>
    Object.entries(record)
      .sort((a, b) => b[1] - a[1])
      .map(([code, n]) => `${code} ${n}`)
      .join(', ') || 'none';
  return [
    `soak ${report.backend}: ${report.seconds} s after warm-up, ${report.concurrency} calls in flight, seed ${report.seed}`,
    `  calls ${report.calls} (${list(report.callsByTool)})`,
    `  churn: ${report.churn.edits} edits, ${report.churn.creates} creates, ${report.churn.deletes} deletes`,
    `  judged ${report.judged} results against the files' text: ${report.wrong} wrong${report.wrongExamples.map((w) => `\n    WRONG ${w}`).join('')}`,
    `  errors by code: ${list(report.errors)}; unexpected: ${list(report.unexpected)}${report.unexpectedExamples.map((w) => `\n    UNEXPECTED ${w}`).join('')}`,
    `  latency p50 ${report.p50Ms.toFixed(0)} ms, p99 ${report.p99Ms.toFixed(0)} ms, max ${report.maxMs.toFixed(0)} ms`,
    `  server process tree: RSS ${mb(report.rssStartBytes)} -> ${mb(report.rssEndBytes)}, open descriptors ${report.fdsStart} -> ${report.fdsEnd} (after warm-up -> end): ${resourcesFlat(report) ? 'flat' : 'GROWING'}`,
    `  RSS during the run (MB): ${report.rssSamplesMb.join(' ')}`,
  ].join('\n');
}
