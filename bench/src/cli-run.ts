import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { systemEnvironment, type SystemName } from './mcp-system.js';
import type { SampledSymbol } from './sample.js';

/** The CLI as users install it: the package's bundle, as `SERVER_MAIN`. */
export const CLI_MAIN = fileURLToPath(new URL('../../packages/dist-package/dist/lsp-bridge.js', import.meta.url));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Process start, as the budget counts it: a bare `node` that runs nothing, median of 5. */
export function nodeStartMs(): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    times.push(performance.now() - t0);
  }
  return median(times);
}

export interface CliRun {
  /** Starts the background server and answers. */
  readonly firstMs: number;
  /** Median of the next three: a warm CLI command. */
  readonly secondMs: number;
  readonly error?: string;
}

/**
 * `lsp-bridge def <file:line:col>` in one workspace, four times, with the CLI's background
 * server (in a private runtime directory, stopped afterwards): the first command starts it,
 * the others find the project loaded.
 */
export function cliCommands(system: SystemName, root: string, symbol: SampledSymbol): CliRun {
  const runtime = mkdtempSync(join(tmpdir(), 'bench-cli-'));
  const env = { ...systemEnvironment(system), LSP_BRIDGE_DAEMON: 'on', XDG_RUNTIME_DIR: runtime };
  const args = [CLI_MAIN, 'def', `${symbol.filePath}:${symbol.line}:${symbol.column}`, '--root', root];
  const times: number[] = [];
  let error: string | undefined;
  try {
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      const run = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
      times.push(performance.now() - t0);
      if (run.status !== 0) error ??= `exit ${String(run.status)}: ${run.stderr.slice(0, 300)}`;
    }
  } finally {
    stopDaemons(runtime);
    rmSync(runtime, { recursive: true, force: true });
  }
  return { firstMs: times[0] ?? Number.NaN, secondMs: median(times.slice(1)), ...(error === undefined ? {} : { error }) };
}

/** Stops the background servers whose socket lies in `runtime` (their command line names it). */
function stopDaemons(runtime: string): void {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(runtime)) process.kill(Number(entry), 'SIGTERM');
    } catch {
      // Gone, or not ours.
    }
  }
}
