export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly n: number;
}

export function summarize(values: readonly number[]): Summary | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, n: sorted.length };
}

/** Recall and precision of `got` against `expected`, summed over many queries (micro average). */
export interface Agreement {
  expected: number;
  got: number;
  common: number;
}

export function agreement(expected: ReadonlySet<string>, got: ReadonlySet<string>): Agreement {
  let common = 0;
  for (const key of got) if (expected.has(key)) common++;
  return { expected: expected.size, got: got.size, common };
}

export function addAgreement(a: Agreement, b: Agreement): Agreement {
  return { expected: a.expected + b.expected, got: a.got + b.got, common: a.common + b.common };
}

export function recall(a: Agreement): number {
  return a.expected === 0 ? 1 : a.common / a.expected;
}

export function precision(a: Agreement): number {
  return a.got === 0 ? (a.expected === 0 ? 1 : 0) : a.common / a.got;
}
