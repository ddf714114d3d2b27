import type { AnswerSizes } from './answer-sizes.js';
import type { CorpusResult, SystemResult } from './run-corpus.js';
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
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`;
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
    '| corpus | system | compiler | cold refs | cold def | cold rename | warm def median (min–max) | warm refs median (min–max) | diagnostics (errors) | 1st refs after edit | RSS | refs recall / precision |';
  const rows = [head, `|${'---|'.repeat(12)}`];
  for (const corpus of results) {
    const floor = corpus.systems.find((s) => s.system === 'floor');
    for (const s of corpus.systems) {
      const isFloor = s.system === 'floor';
      const med = (v: readonly number[]): number | undefined => summarize(v)?.median;
      const agreement = s.agreement ? `${pct(recall(s.agreement))} / ${pct(precision(s.agreement))}` : isFloor ? 'reference' : '–';
      rows.push(
        `| ${corpus.corpus} (${corpus.files} files) | ${s.system} | ${s.compiler} | ${cell(fmtMs(s.coldRefsMs), s.coldRefsMs, floor?.coldRefsMs, isFloor)} | ${cell(fmtMs(s.coldDefMs), s.coldDefMs, floor?.coldDefMs, isFloor)} | ${cell(fmtMs(s.coldRenameMs), s.coldRenameMs, floor?.coldRenameMs, isFloor)} | ${cell(spread(s.warmDefMs), med(s.warmDefMs), floor && med(floor.warmDefMs), isFloor)} | ${cell(spread(s.warmRefsMs), med(s.warmRefsMs), floor && med(floor.warmRefsMs), isFloor)} | ${cell(`${fmtMs(s.diagnosticsMs)} (${s.diagnosticsErrors}${s.diagnosticsFailures > 0 ? `, ${s.diagnosticsFailures} failures` : ''})`, s.diagnosticsMs, floor?.diagnosticsMs, isFloor)} | ${spread(s.freshnessMs)} | ${cell(fmtMb(s.rssBytes), s.rssBytes, floor?.rssBytes, isFloor)} | ${agreement} |`,
      );
    }
  }
  return rows.join('\n');
}

function pct(x: number): string {
  return x === 1 ? '100%' : `${(x * 100).toFixed(1)}%`;
}

/** Every line of the issue's budget, for every corpus and system measured with its floor. */
export function budget(results: readonly CorpusResult[]): BudgetLine[] {
  const lines: BudgetLine[] = [];
  for (const corpus of results) {
    const floor = corpus.systems.find((s) => s.system === 'floor');
    if (!floor) continue;
    for (const s of corpus.systems) {
      if (s.system === 'floor') continue;
      const add = (measure: string, value: number, limit: number, detail: string): void => {
        lines.push({ corpus: corpus.corpus, system: s.system, measure, value, limit, pass: value <= limit, detail });
      };
      const med = (v: readonly number[]): number => summarize(v)?.median ?? Number.NaN;
      add(
        'warm find_references',
        med(s.warmRefsMs) / med(floor.warmRefsMs),
        1.3,
        `${fmtMs(med(s.warmRefsMs))} vs ${fmtMs(med(floor.warmRefsMs))}`,
      );
      add(
        'warm go_to_definition',
        med(s.warmDefMs) / med(floor.warmDefMs),
        1.3,
        `${fmtMs(med(s.warmDefMs))} vs ${fmtMs(med(floor.warmDefMs))}`,
      );
      add('cold find_references', s.coldRefsMs / floor.coldRefsMs, 1.25, `${fmtMs(s.coldRefsMs)} vs ${fmtMs(floor.coldRefsMs)}`);
      add('cold go_to_definition', s.coldDefMs / floor.coldDefMs, 1.25, `${fmtMs(s.coldDefMs)} vs ${fmtMs(floor.coldDefMs)}`);
      add('cold rename', s.coldRenameMs / floor.coldRenameMs, 1.25, `${fmtMs(s.coldRenameMs)} vs ${fmtMs(floor.coldRenameMs)}`);
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
