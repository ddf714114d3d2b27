import { cpus, loadavg, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { CORPUS_NAMES, type CorpusName, prepareCorpus } from './corpora.js';
import { SYSTEMS, type SystemName } from './mcp-system.js';
import { answerSizeTable } from './answer-sizes.js';
import { nodeStartMs } from './cli-run.js';
import { measureBaseline, measureStarts, type StartRun } from './baseline.js';
import { answerSizeRows, budget, budgetTable, errorsOf, phaseTable, startTable, table, toolTable, warmTable } from './report.js';
import { type CorpusResult, runCorpus } from './run-corpus.js';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    system: { type: 'string' },
    sample: { type: 'string' },
    fresh: { type: 'string' },
    'no-floor': { type: 'boolean' },
    'sizes-only': { type: 'boolean' },
  },
  allowPositionals: true,
});

const list = <T extends string>(raw: string | undefined, all: readonly T[], what: string): T[] => {
  if (raw === undefined) return [...all];
  const picked = raw.split(',').map((s) => s.trim()) as T[];
  for (const p of picked) if (!all.includes(p)) throw new Error(`unknown ${what} ${p}; expected one of ${all.join(', ')}`);
  return picked;
};

const corpora = list<CorpusName>(values.corpus, CORPUS_NAMES, 'corpus');
const systems = list<SystemName>(values.system, Object.keys(SYSTEMS) as SystemName[], 'system');
const sampleSize = Number(values.sample ?? 30);
const freshnessQueries = Number(values.fresh ?? 3);
const start = performance.now();
const startLoad = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const log = (message: string): void => {
  process.stderr.write(`[bench ${((performance.now() - start) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
};

const cacheDir = join(BENCH_DIR, '.corpora');
/** Starts of each server measured, fresh processes each. */
const STARTS = 7;
// The floor every MCP server pays, in this run: the empty server's start and round trip, and each system's start.
const baseline = await measureBaseline(STARTS, 200);
const starts: StartRun[] = [];
if (values['sizes-only'] !== true) {
  const root = prepareCorpus(corpora[0] ?? 'rxjs', cacheDir).root;
  for (const system of systems) starts.push(await measureStarts(system, root, STARTS));
}
log(
  `empty server: start ${baseline.startMs.map((ms) => ms.toFixed(0)).join(' ')} ms; ${starts.map((s) => `${s.system} ${s.startMs.map((ms) => ms.toFixed(0)).join(' ')} ms`).join('; ')}`,
);
const results: CorpusResult[] = [];
for (const name of corpora) {
  const corpus = prepareCorpus(name, cacheDir);
  results.push(
    await runCorpus(corpus, {
      sampleSize,
      freshnessQueries,
      systems,
      floor: values['no-floor'] !== true,
      sizesOnly: values['sizes-only'] === true,
      scratchDir: join(cacheDir, 'scratch'),
      log,
    }),
  );
}
const processStartMs = nodeStartMs();
const wallMs = performance.now() - start;
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${process.platform} ${process.arch}, TypeScript ${ts.version} (floor); load average at the end ${load} (at the start ${startLoad})`;
const lines = budget(results, processStartMs, baseline, starts);
const report = [
  `Machine: ${machine}`,
  `Command: npx -y pnpm@10.34.9 bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  `Wall time: ${(wallMs / 1000).toFixed(0)} s; sample ${sampleSize} symbols per corpus (seeded), ${freshnessQueries} edit+query rounds; cold figures are one run each; process start (node -e 0) ${processStartMs.toFixed(0)} ms.`,
  '',
  ...(values['sizes-only'] === true
    ? []
    : [
        table(results),
        '',
        'Warm calls against the raw query plus an empty MCP round trip (added: the median above the raw query):',
        '',
        warmTable(results, baseline),
        '',
        toolTable(results, baseline),
        '',
        "Start-up, spawn → tools/list answered, against an MCP SDK server with one no-op tool, bundled as the bridge's package is:",
        '',
        startTable(baseline, starts),
        '',
        'Cold go_to_definition, phase by phase (the server names discovery and program in its debug log):',
        '',
        phaseTable(results),
        '',
        budgetTable(lines),
        '',
      ]),
  "Answer sizes: characters of each tool's answer (text content, and structuredContent as JSON), median and max over the calls.",
  '',
  answerSizeTable(answerSizeRows(results)),
  '',
  ...errorsOf(results).map((e) => `note: ${e}`),
].join('\n');
process.stdout.write(`${report}\n`);
mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
const out = join(BENCH_DIR, 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  out,
  `${JSON.stringify({ machine, wallMs, processStartMs, sampleSize, freshnessQueries, argv: process.argv.slice(2), baseline, starts, results, budget: lines }, null, 2)}\n`,
);
writeFileSync(join(BENCH_DIR, 'results', 'latest.md'), `${report}\n`);
log(`results written to ${out} (${lines.filter((l) => !l.pass).length} budget misses of ${lines.length})`);
