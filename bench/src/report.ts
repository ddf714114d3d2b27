import type { AnswerSizes } from './answer-sizes.js';
import type { ColdPhases } from './mcp-system.js';
import type { CorpusResult, FloorPhases, SystemResult } from './run-corpus.js';
import { precision, recall, summarize } from './stats.js';

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

/** Where each cold go_to_definition went, phase by phase; the floor runs in a process already started. */
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
          `| ${corpus.corpus} | floor | – | – | ${fmtMs(p.configMs)} | ${fmtMs(p.programMs)} (with the query) | – | ${fmtMs(s.coldDefMs)} |`,
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

/** Every line of the issue's budget, for every corpus and system measured with its floor; `nodeStartMs`: a bare process start. */
export function budget(results: readonly CorpusResult[], nodeStartMs: number): BudgetLine[] {
  const lines: BudgetLine[] = [];
  const med = (v: readonly number[]): number => summarize(v)?.median ?? Number.NaN;
  for (const corpus of results) {
    const floor = corpus.systems.find((s) => s.system === 'floor');
    if (!floor) continue;
    for (const s of corpus.systems) {
      if (s.system === 'floor') continue;
      const add = (measure: string, value: number, limit: number, detail: string): void => {
        lines.push({ corpus: corpus.corpus, system: s.system, measure, value, limit, pass: value <= limit, detail });
      };
      const roundTrip = `; MCP round trip ${fmtMs(med(s.roundTripMs))}`;
      add(
        'warm find_references',
        med(s.warmRefsMs) / med(floor.warmRefsMs),
        1.3,
        `${fmtMs(med(s.warmRefsMs))} vs ${fmtMs(med(floor.warmRefsMs))}${roundTrip}`,
      );
      add(
        'warm go_to_definition',
        med(s.warmDefMs) / med(floor.warmDefMs),
        1.3,
        `${fmtMs(med(s.warmDefMs))} vs ${fmtMs(med(floor.warmDefMs))}${roundTrip}`,
      );
      add('cold find_references', s.coldRefsMs / floor.coldRefsMs, 1.25, `${fmtMs(s.coldRefsMs)} vs ${fmtMs(floor.coldRefsMs)}`);
      add('cold go_to_definition', s.coldDefMs / floor.coldDefMs, 1.25, `${fmtMs(s.coldDefMs)} vs ${fmtMs(floor.coldDefMs)}`);
      add('cold rename', s.coldRenameMs / floor.coldRenameMs, 1.25, `${fmtMs(s.coldRenameMs)} vs ${fmtMs(floor.coldRenameMs)}`);
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
  // Flat with size: the same system's warm go_to_definition on the 20,000-file monorepo against the 1,000-file one.
  const small = results.find((r) => r.corpus === 'mono-1000');
  const large = results.find((r) => r.corpus === 'mono-20000');
  const floorOf = (r: CorpusResult | undefined): SystemResult | undefined => r?.systems.find((f) => f.system === 'floor');
  const floorGrowth = `; floor ${fmtMs(med(floorOf(large)?.warmDefMs ?? []))} vs ${fmtMs(med(floorOf(small)?.warmDefMs ?? []))}`;
  for (const s of large?.systems ?? []) {
    const base = small?.systems.find((b) => b.system === s.system);
    if (base === undefined || s.system === 'floor') continue;
    const value = med(s.warmDefMs) / med(base.warmDefMs);
    lines.push({
      corpus: 'mono-20000 vs mono-1000',
      system: s.system,
      measure: 'warm go_to_definition, 20k files / 1k files',
      value,
      limit: 1.5,
      pass: value <= 1.5,
      detail: `${fmtMs(med(s.warmDefMs))} vs ${fmtMs(med(base.warmDefMs))}${floorGrowth}`,
    });
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
