/**
 * How much the fuzz and soak tests run. The defaults fit CI's time; FUZZ_RUNS=1000 is the full
 * run docs/reliability.md reports. A fixed seed makes every run the same; FUZZ_SEED changes it.
 */
export interface FuzzSettings {
  readonly seed: number;
  /** Calls per tool per backend. */
  readonly runs: number;
  /** Real (not dry-run) writes per writing tool per backend. */
  readonly writes: number;
  readonly timeoutMs: number;
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${raw}`);
  return value;
}

export function fuzzSettings(): FuzzSettings {
  const runs = positive('FUZZ_RUNS', 200);
  const writes = positive('FUZZ_WRITES', 20);
  return {
    seed: positive('FUZZ_SEED', 20_261_124),
    runs,
    writes,
    // Generous: a loaded machine is slow, and a timed-out run says nothing about the product.
    timeoutMs: 120_000 + 400 * (runs + writes * 10),
  };
}

/** Answers counted by outcome: results, and errors by code. */
export interface Tally {
  readonly codes: Map<string, number>;
  results: number;
  calls: number;
  readonly started: number;
  add(code: string | undefined): void;
}

export function tally(): Tally {
  const counts: Tally = {
    codes: new Map(),
    results: 0,
    calls: 0,
    started: Date.now(),
    add(code) {
      counts.calls++;
      if (code === undefined) counts.results++;
      else counts.codes.set(code, (counts.codes.get(code) ?? 0) + 1);
    },
  };
  return counts;
}

/** One line per run on stdout, the figures docs/reliability.md quotes. */
export function report(what: string, counts: Tally): void {
  const codes = [...counts.codes.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  const seconds = ((Date.now() - counts.started) / 1000).toFixed(1);
  process.stdout.write(`[fuzz] ${what}: ${counts.calls} calls in ${seconds} s, ${counts.results} results; errors: ${codes || 'none'}\n`);
}
