import type { DiagnosticRecord } from '../ports/symbol-index.js';
import { aboutTheCode } from './server-state-diagnostics.js';

/**
 * The records of `after` that `before` does not have, matched by code and message: positions
 * move with an edit, so a diagnostic that only moved is the same one. Each record of `before`
 * matches one of `after` at most (two equal errors where there was one is one new error). A
 * diagnostic about the server's caches rather than the code is neither (`aboutTheCode`).
 */
export function introducedBy(before: readonly DiagnosticRecord[], after: readonly DiagnosticRecord[]): DiagnosticRecord[] {
  const remaining = new Map<string, number>();
  for (const record of before) remaining.set(keyOf(record), (remaining.get(keyOf(record)) ?? 0) + 1);
  return aboutTheCode(after).filter((record) => {
    const left = remaining.get(keyOf(record)) ?? 0;
    if (left > 0) remaining.set(keyOf(record), left - 1);
    return left === 0;
  });
}

function keyOf(record: DiagnosticRecord): string {
  return `${String(record.code)}\u0000${record.message}`;
}
