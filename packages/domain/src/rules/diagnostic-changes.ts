import type { DiagnosticRecord } from '../ports/symbol-index.js';

/**
 * What an edit did to a file's diagnostics: the records of `after` that `before` does not have
 * (introduced) and those of `before` that `after` no longer has (fixed), matched by code and
 * message, as many times as each occurs (positions move with an edit, so they do not count).
 */
export function diagnosticChanges(
  before: readonly DiagnosticRecord[],
  after: readonly DiagnosticRecord[],
): { readonly introduced: DiagnosticRecord[]; readonly fixed: DiagnosticRecord[] } {
  return { introduced: minus(after, before), fixed: minus(before, after) };
}

function minus(from: readonly DiagnosticRecord[], without: readonly DiagnosticRecord[]): DiagnosticRecord[] {
  const left = new Map<string, number>();
  for (const record of without) left.set(keyOf(record), (left.get(keyOf(record)) ?? 0) + 1);
  return from.filter((record) => {
    const n = left.get(keyOf(record)) ?? 0;
    if (n > 0) left.set(keyOf(record), n - 1);
    return n === 0;
  });
}

function keyOf(record: DiagnosticRecord): string {
  return `${String(record.code)}\u0000${record.message}`;
}
