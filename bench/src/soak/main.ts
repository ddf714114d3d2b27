import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeReport, resourcesFlat, runSoak, SOAK_BACKENDS, type SoakBackend, type SoakReport } from './soak-run.js';

/*
 * `pnpm soak --minutes N`: mixed calls of every tool, `--concurrency` in flight, on a generated
 * project whose files churn on disk, once per backend; prints calls, errors by code, p50/p99
 * latency, and the server's memory and open descriptors after warm-up and at the end. Exits 1
 * on a wrong answer, an unexpected error or growing resources. docs/reliability.md has figures.
 */

const { values } = parseArgs({
  options: {
    minutes: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    backends: { type: 'string' },
    concurrency: { type: 'string' },
    seed: { type: 'string' },
    'churn-ms': { type: 'string' },
    json: { type: 'string' },
  },
});

function number(raw: string | undefined, fallback: number, what: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${what} must be a positive number, got ${raw}`);
  return value;
}

const seconds = values.seconds !== undefined ? number(values.seconds, 60, 'seconds') : number(values.minutes, 1, 'minutes') * 60;
const backends = (values.backends ?? 'tsservice,lsp').split(',').map((b) => b.trim()) as SoakBackend[];
for (const backend of backends) {
  if (!Object.hasOwn(SOAK_BACKENDS, backend))
    throw new Error(`unknown backend ${backend}; expected ${Object.keys(SOAK_BACKENDS).join(', ')}`);
}
const seed = number(values.seed, 20_261_124, 'seed');
const log = (message: string): void => {
  process.stderr.write(`[soak] ${message}\n`);
};

const reports: SoakReport[] = [];
for (const backend of backends) {
  const report = await runSoak({
    backend,
    seconds,
    warmupSeconds: number(values.warmup, Math.min(15, Math.max(5, seconds / 5)), 'warmup'),
    concurrency: number(values.concurrency, 8, 'concurrency'),
    seed,
    churnEveryMs: number(values['churn-ms'], 1000, 'churn-ms'),
    churnFiles: 40,
    log,
  });
  reports.push(report);
  process.stdout.write(`${describeReport(report)}\n`);
}
if (values.json !== undefined) writeFileSync(values.json, JSON.stringify(reports, null, 2));
const failed = reports.some((r) => r.wrong > 0 || Object.keys(r.unexpected).length > 0 || !resourcesFlat(r));
process.exitCode = failed ? 1 : 0;
