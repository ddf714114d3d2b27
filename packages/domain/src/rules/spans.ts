import type { SourceSpan } from '../ports/symbol-index.js';

/** The identity of a span for de-duplication: its file and its start. */
export function spanKey(span: { readonly path: string; readonly start: number }): string {
  return `${span.path}\0${span.start}`;
}

/** Keeps the first of spans with the same path and start. */
export function dedupeSpans<T extends SourceSpan>(spans: Iterable<T>): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const span of spans) {
    const key = spanKey(span);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(span);
  }
  return out;
}
