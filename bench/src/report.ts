import type { AnswerSizes } from './answer-sizes.js';
import type { Baseline, StartRun } from './baseline.js';
import type { ColdPhases } from './mcp-system.js';
import type { CorpusResult, FloorPhases, SystemResult } from './run-corpus.js';
import { precision, recall, summarize } from './stats.js';
import { RAW_OPERATION, TOOL_CASES, TOOL_SAMPLE } from './tool-cases.js';

export interface BudgetLine {
  readonly corpus: string;
  readonly system: string;
  readonly measure: string;
  readonly value: number;
  readonly limit: number;
  readonly pass: boolean;
  readonly detail: string;
}

const fmtMs = (ms: number): string =>
  Number.isNaN(ms) ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`;
const fmtMb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ratio = (value: number, floor: number): string => (floor > 0 ? `×${(value / floor).toFixed(2)}` : '');

function spread(values: readonly number[]): string {
  const s = summarize(values);
  if (!s) return '–';
  return s.n === 1 ? fmtMs(s.median) : `${fmtMs(s.median)} (${fmtMs(s.min)}–${fmtMs(s.max)})`;
}

function cell(text: string, value: number | undefined, floor: number | undefined, isFloor: boolean): string {
  if (isFloor || value === undefined || floor === undefined) return text;
  return `${text} ${ratio(value, floor)}`;
}

/** A Markdown table: one row per corpus and system, ratios to the floor of the same run. */
export function table(results: readonly CorpusResult[]): string {
  const head =
    '| corpus | system | compiler | cold refs | cold def | cold rename | warm def median (min–max) | warm refs median (min–max) | MCP round trip | diagnostics (errors) | 1st refs after edit | RSS | refs recall / precision | CLI 1st / 2nd command |';
  const rows = [head, `|${'---|'.repeat(14)}`];
  for (const corpus of results) {
    const floor = corpus.systems.find((s) => s.system === 'floor');
    for (const s of corpus.systems) {
      const isFloor = s.system === 'floor';
      const med = (v: readonly number[]): number | undefined => summarize(v)?.median;
      const agreement = s.agreement ? `${pct(recall(s.agreement))} / ${pct(precision(s.agreement))}` : isFloor ? 'reference' : '–';
      const diagnostics = Number.isNaN(s.diagnosticsMs)
        ? 'not measured'
        : cell(
            `${fmtMs(s.diagnosticsMs)} (${s.diagnosticsErrors}${s.diagnosticsFailures > 0 ? `, ${s.diagnosticsFailures} failures` : ''})`,
            s.diagnosticsMs,
            floor?.diagnosticsMs,
            isFloor,
          );
      const cli = s.cli ? `${fmtMs(s.cli.firstMs)} / ${fmtMs(s.cli.secondMs)}` : '–';
      rows.push(
        `| ${corpus.corpus} (${corpus.files} files) | ${s.system} | ${s.compiler} | ${cell(fmtMs(s.coldRefsMs), s.coldRefsMs, floor?.coldRefsMs, isFloor)} | ${cell(fmtMs(s.coldDefMs), s.coldDefMs, floor?.coldDefMs, isFloor)} | ${cell(fmtMs(s.coldRenameMs), s.coldRenameMs, floor?.coldRenameMs, isFloor)} | ${cell(spread(s.warmDefMs), med(s.warmDefMs), floor && med(floor.warmDefMs), isFloor)} | ${cell(spread(s.warmRefsMs), med(s.warmRefsMs), floor && med(floor.warmRefsMs), isFloor)} | ${isFloor ? '–' : spread(s.roundTripMs)} | ${diagnostics} | ${spread(s.freshnessMs)} | ${cell(fmtMb(s.rssBytes), s.rssBytes, floor?.rssBytes, isFloor)} | ${agreement} | ${cli} |`,
      );
    }
  }
  return rows.join('\n');
}

function isFloorPhases(phases: ColdPhases | FloorPhases): phases is FloorPhases {
  return 'configMs' in phases;
}

/** Where each cold go_to_definition went, phase by phase; the floor's total is its process-to-answer time (Node's start and TypeScript's loading are the rest). */
export function phaseTable(results: readonly CorpusResult[]): string {
  const rows = [
    '| corpus | system | spawn + initialize | tools/list | discovery (config; lsp: server start) | program | query and the rest | total |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const corpus of results) {
    for (const s of corpus.systems) {
      const p = s.coldPhases;
      if (p === undefined) continue;
      if (isFloorPhases(p)) {
        rows.push(
          `| ${corpus.corpus} | floor | – | – | ${fmtMs(p.configMs)} | ${fmtMs(p.programMs)} (with the query) | ${fmtMs(s.coldDefMs - p.configMs - p.programMs)} (process start, loading TypeScript) | ${fmtMs(s.coldDefMs)} |`,
        );
        continue;
      }
      const rest = p.callMs - (p.discoveryMs ?? 0) - (p.programMs ?? 0);
      rows.push(
        `| ${corpus.corpus} | ${s.system} | ${fmtMs(p.initializeMs)} | ${fmtMs(p.listToolsMs)} | ${fmtMs(p.discoveryMs ?? Number.NaN)} | ${fmtMs(p.programMs ?? Number.NaN)} | ${fmtMs(rest)} | ${fmtMs(s.coldDefMs)} |`,
      );
    }
  }
  return rows.join('\n');
}

function pct(x: number): string {
  return x === 1 ? '100%' : `${(x * 100).toFixed(1)}%`;
}

const med = (v: readonly number[]): number => summarize(v)?.median ?? Number.NaN;

/** A system's raw query: TypeScript 7's own server for `lsp-tsgo` (asked directly), else the in-process LanguageService. */
function rawQuery(corpus: CorpusResult, system: string, which: 'def' | 'refs'): number {
  const native = corpus.nativeFloor;
  if (system === 'lsp-tsgo' && native !== undefined) return med(which === 'def' ? native.warmDefMs : native.warmRefsMs);
  const floor = corpus.systems.find((s) => s.system === 'floor');
  return floor === undefined ? Number.NaN : med(which === 'def' ? floor.warmDefMs : floor.warmRefsMs);
}

/** What the bridge adds above its raw query, warm (median against median). */
function added(corpus: CorpusResult | undefined, system: SystemResult | undefined, which: 'def' | 'refs'): number {
  if (corpus === undefined || system === undefined) return Number.NaN;
  return med(which === 'def' ? system.warmDefMs : system.warmRefsMs) - rawQuery(corpus, system.system, which);
}

/** A warm rename as the raw service makes it safely: its locations plus the type check of what it edits and of their importers. */
function rawRename(corpus: CorpusResult): number {
  return med((corpus.renameFloor ?? []).map((r) => r.locationsMs + r.checkMs));
}

/** The raw rename whose check covers what TypeScript's incremental build re-checks after the edit (see `floor-child.ts`). */
function rawRenameClosure(corpus: CorpusResult): number {
  return med((corpus.renameFloor ?? []).map((r) => r.locationsMs + r.closureCheckMs));
}

/**
 * Warm calls against what any server must pay: the raw query plus the empty MCP round trip
 * (an SDK server with one no-op tool, in the same run); and what the bridge adds above the query.
 */
export function warmTable(results: readonly CorpusResult[], baseline: Baseline): string {
  const trip = med(baseline.roundTripMs);
  const rows = [
    `Empty MCP round trip (an SDK server, one no-op tool): ${fmtMs(trip)} median of ${baseline.roundTripMs.length} calls.`,
    '',
    '| corpus | system | raw def | warm def | ÷ (raw + trip) | added | raw refs | warm refs | ÷ (raw + trip) | added | raw rename + check | raw rename + incremental check | warm rename dry run | ÷ | ÷ incremental |',
    `|${'---|'.repeat(15)}`,
  ];
  for (const corpus of results) {
    for (const s of corpus.systems) {
      if (s.system === 'floor') continue;
      const [rawDef, rawRefs] = [rawQuery(corpus, s.system, 'def'), rawQuery(corpus, s.system, 'refs')];
      const [def, refs] = [med(s.warmDefMs), med(s.warmRefsMs)];
      const dry = med(s.renameDryRunMs ?? []);
      const raw = rawRename(corpus);
      const closure = rawRenameClosure(corpus);
      const tsgo = s.system === 'lsp-tsgo';
      rows.push(
        `| ${corpus.corpus} | ${s.system} | ${fmtMs(rawDef)} | ${fmtMs(def)} | ×${(def / (rawDef + trip)).toFixed(2)} | ${fmtMs(def - rawDef)} | ${fmtMs(rawRefs)} | ${fmtMs(refs)} | ×${(refs / (rawRefs + trip)).toFixed(2)} | ${fmtMs(refs - rawRefs)} | ${tsgo ? '–' : fmtMs(raw)} | ${tsgo ? '–' : fmtMs(closure)} | ${fmtMs(dry)} | ${tsgo || Number.isNaN(raw) ? '–' : `×${(dry / raw).toFixed(2)}`} | ${tsgo || Number.isNaN(closure) ? '–' : `×${(dry / closure).toFixed(2)}`} |`,
      );
    }
  }
  return rows.join('\n');
}

/** The newer tools, warm, against the raw service's call of the same operation plus the empty round trip (medians). */
export function toolTable(results: readonly CorpusResult[], baseline: Baseline): string {
  const trip = med(baseline.roundTripMs);
  const rows = [
    `Newer tools, warm, ${TOOL_SAMPLE} calls each on the first sampled symbols (type_hierarchy: on the first sampled classes and interfaces; dry runs; check_edits without apply), against the raw LanguageService's call of the same operation:`,
    '',
    '| corpus | system | tool | raw operation | raw | ours | ÷ (raw + trip) | added |',
    `|${'---|'.repeat(8)}`,
  ];
  for (const corpus of results) {
    for (const s of corpus.systems) {
      if (s.system === 'floor' || s.toolMs === undefined) continue;
      for (const tool of TOOL_CASES) {
        const raw = med(corpus.toolFloor?.[tool] ?? []);
        const ours = med(s.toolMs[tool]);
        const ratio = Number.isNaN(raw) ? '–' : `×${(ours / (raw + trip)).toFixed(2)}`;
        rows.push(
          `| ${corpus.corpus} | ${s.system} | ${tool} | ${RAW_OPERATION[tool]} | ${fmtMs(raw)} | ${fmtMs(ours)} | ${ratio} | ${fmtMs(ours - raw)} |`,
        );
      }
    }
  }
  return rows.join('\n');
}

/** Spawn → tools/list answered, each system against the empty server, medians of the same number of starts. */
export function startTable(baseline: Baseline, starts: readonly StartRun[]): string {
  const empty = med(baseline.startMs);
  const rows = ['| server | spawn → tools/list, median (min–max) | ÷ empty server |', '|---|---|---|'];
  rows.push(`| empty SDK server, bundled as the bridge is (the baseline) | ${spread(baseline.startMs)} | – |`);
  rows.push(
    `| empty SDK server, unbundled (as its packages install it) | ${spread(baseline.unbundledStartMs)} | ×${(med(baseline.unbundledStartMs) / empty).toFixed(2)} |`,
  );
  for (const run of starts) rows.push(`| ${run.system} | ${spread(run.startMs)} | ×${(med(run.startMs) / empty).toFixed(2)} |`);
  return rows.join('\n');
}

/** Every line of the issue's budget, for every corpus and system measured with its floor; `nodeStartMs`: a bare process start. */
export function budget(
  results: readonly CorpusResult[],
  nodeStartMs: number,
  baseline: Baseline,
  starts: readonly StartRun[],
): BudgetLine[] {
  const lines: BudgetLine[] = [];
  const trip = med(baseline.roundTripMs);
  for (const run of starts) {
    const value = med(run.startMs) / med(baseline.startMs);
    lines.push({
      corpus: '–',
      system: run.system,
      measure: 'spawn → tools/list / empty server',
      value,
      limit: 1.5,
      pass: value <= 1.5,
      detail: `${fmtMs(med(run.startMs))} vs ${fmtMs(med(baseline.startMs))}`,
    });
  }
  for (const corpus of results) {
    const floor = corpus.systems.find((s) => s.system === 'floor');
    if (!floor) continue;
    for (const s of corpus.systems) {
      if (s.system === 'floor') continue;
      const add = (measure: string, value: number, limit: number, detail: string): void => {
        lines.push({ corpus: corpus.corpus, system: s.system, measure, value, limit, pass: value <= limit, detail });
      };
      const against = s.system === 'lsp-tsgo' && corpus.nativeFloor !== undefined ? "TypeScript 7's own server" : 'raw LanguageService';
      for (const which of ['refs', 'def'] as const) {
        const ours = med(which === 'def' ? s.warmDefMs : s.warmRefsMs);
        const raw = rawQuery(corpus, s.system, which);
        add(
          `warm ${which === 'def' ? 'go_to_definition' : 'find_references'} / (raw query + empty round trip)`,
          ours / (raw + trip),
          // Issue 25: both within ×1.3 of the query plus the round trip.
          1.3,
          `${fmtMs(ours)} vs ${fmtMs(raw)} (${against}) + ${fmtMs(trip)}`,
        );
      }
      if (corpus.floorProcessMs !== undefined)
        add(
          'cold first find_references / raw process-to-answer',
          s.coldRefsMs / corpus.floorProcessMs,
          1.25,
          `${fmtMs(s.coldRefsMs)} vs ${fmtMs(corpus.floorProcessMs)} (a Node process that loads TypeScript and answers)`,
        );
      const dry = med(s.renameDryRunMs ?? []);
      const rename = rawRename(corpus);
      const closure = rawRenameClosure(corpus);
      if (s.system !== 'lsp-tsgo' && !Number.isNaN(dry) && !Number.isNaN(rename))
        add(
          'warm rename dry run / (raw locations + check of edited files and direct importers)',
          dry / rename,
          3,
          `${fmtMs(dry)} vs ${fmtMs(rename)} (${(corpus.renameFloor ?? []).map((r) => `${r.edited}+${r.importers} files`).join(', ')})`,
        );
      if (s.system !== 'lsp-tsgo' && !Number.isNaN(dry) && !Number.isNaN(closure))
        add(
          "warm rename dry run / (raw locations + check of what tsc's incremental build re-checks)",
          dry / closure,
          3,
          `${fmtMs(dry)} vs ${fmtMs(closure)} (${(corpus.renameFloor ?? []).map((r) => `${r.edited}+${r.dependents} files`).join(', ')})`,
        );
      add(
        'cold go_to_definition',
        s.coldDefMs / floor.coldDefMs,
        1.25,
        `${fmtMs(s.coldDefMs)} vs ${fmtMs(floor.coldDefMs)} (process to answer)`,
      );
      add(
        'cold rename',
        s.coldRenameMs / floor.coldRenameMs,
        1.25,
        `${fmtMs(s.coldRenameMs)} vs ${fmtMs(floor.coldRenameMs)} (process to answer)`,
      );
      if (!Number.isNaN(s.diagnosticsMs))
        add(
          'project diagnostics',
          s.diagnosticsMs / floor.diagnosticsMs,
          1.15,
          `${fmtMs(s.diagnosticsMs)} vs ${fmtMs(floor.diagnosticsMs)}; errors ${s.diagnosticsErrors} vs ${floor.diagnosticsErrors}`,
        );
      add(
        '1st refs after edit / own warm',
        med(s.freshnessMs) / med(s.warmRefsMs),
        2,
        `${fmtMs(med(s.freshnessMs))} vs ${fmtMs(med(s.warmRefsMs))}`,
      );
      add('RSS', s.rssBytes / floor.rssBytes, 1.3, `${fmtMb(s.rssBytes)} vs ${fmtMb(floor.rssBytes)}`);
      if (s.cli !== undefined) {
        const allowed = 2 * med(s.warmDefMs) + nodeStartMs;
        add(
          '2nd CLI command / (2 × warm def + process start)',
          s.cli.secondMs / allowed,
          1,
          `${fmtMs(s.cli.secondMs)} vs 2 × ${fmtMs(med(s.warmDefMs))} + ${fmtMs(nodeStartMs)} (node -e 0)`,
        );
      }
      if (s.agreement) {
        // Expressed as a "ratio" of misses so PASS means value 0 ≤ limit 0.
        const r = recall(s.agreement);
        const p = precision(s.agreement);
        lines.push({
          corpus: corpus.corpus,
          system: s.system,
          measure: 'refs recall & precision',
          value: 1 - Math.min(r, p),
          limit: 0,
          pass: r === 1 && p === 1,
          detail: `recall ${pct(r)}, precision ${pct(p)} (${s.agreement.common} of ${s.agreement.expected} expected, ${s.agreement.got} returned)`,
        });
      }
    }
  }
  // Flat with size: what the bridge adds above the query, on the larger corpus against the 1,000-file one of its kind.
  for (const [smallName, largeName] of [
    ['synth-1000', 'synth-5000'],
    ['mono-1000', 'mono-20000'],
    ['synth-1000', 'mono-20000'],
  ] as const) {
    const small = results.find((r) => r.corpus === smallName);
    const large = results.find((r) => r.corpus === largeName);
    if (small === undefined || large === undefined) continue;
    for (const s of large.systems) {
      const base = small.systems.find((b) => b.system === s.system);
      if (base === undefined || s.system === 'floor') continue;
      for (const which of ['def', 'refs'] as const) {
        const [big, little] = [added(large, s, which), added(small, base, which)];
        const value = big / little;
        lines.push({
          corpus: `${largeName} vs ${smallName}`,
          system: s.system,
          measure: `added above the query, ${which === 'def' ? 'go_to_definition' : 'find_references'}`,
          value,
          limit: 1.5,
          pass: value <= 1.5,
          detail: `${fmtMs(big)} vs ${fmtMs(little)}`,
        });
      }
    }
  }
  return lines;
}

export function budgetTable(lines: readonly BudgetLine[]): string {
  const rows = ['| corpus | system | budget line | value | limit | result | figures |', '|---|---|---|---|---|---|---|'];
  for (const l of lines) {
    const value = l.measure.startsWith('refs recall') ? '' : `×${l.value.toFixed(2)}`;
    const limit = l.measure.startsWith('refs recall') ? '100%' : `≤ ×${l.limit}`;
    rows.push(`| ${l.corpus} | ${l.system} | ${l.measure} | ${value} | ${limit} | ${l.pass ? 'PASS' : '**MISS**'} | ${l.detail} |`);
  }
  return rows.join('\n');
}

export function errorsOf(results: readonly CorpusResult[]): string[] {
  const out: string[] = [];
  for (const corpus of results) {
    for (const s of corpus.systems as readonly SystemResult[]) {
      for (const e of s.errors) out.push(`${corpus.corpus}/${s.system}: ${e}`);
      for (const m of s.mismatches ?? [])
        out.push(
          `${corpus.corpus}/${s.system}: refs of ${m.symbol}: expected ${m.expected}, got ${m.got}; missing ${m.missing.join(' ')}; extra ${m.extra.join(' ')}`,
        );
    }
  }
  return out;
}

/** Every measured system's answer sizes, with its corpus. */
export function answerSizeRows(results: readonly CorpusResult[]): { corpus: string; system: string; sizes: AnswerSizes }[] {
  return results.flatMap((corpus) => [
    ...corpus.systems.flatMap((s) => (s.answerSizes ? [{ corpus: corpus.corpus, system: s.system, sizes: s.answerSizes }] : [])),
    ...(corpus.sizes ?? []).map((s) => ({ corpus: corpus.corpus, system: s.system, sizes: s.answerSizes })),
  ]);
}
