import type { CompletionEntry } from '../ports/completions.js';

/** The most of a type, signature or documentation a completion quotes, on one line. */
export const MAX_COMPLETION_TEXT = 120;

/**
 * The part of a name written before `offset` in `text`: what a completion there completes
 * (letters, digits, `_` and `$`, in any script), `''` after a `.`, a space or an operator.
 */
export function writtenPrefix(text: string, offset: number): string {
  // The `u` flag reads a surrogate pair as one letter; no name is written longer than this.
  return /[\p{L}\p{N}_$]*$/u.exec(text.slice(Math.max(0, offset - 1000), offset))?.[0] ?? '';
}

/**
 * The entries a completion lists for `prefix`, best first: only names that start with it (any
 * case), each name once per kind and source; ordered by the service's own rank (its sort
 * text), then the names that start with the prefix exactly as written, then by name.
 */
export function rankCompletions(entries: readonly CompletionEntry[], prefix: string): CompletionEntry[] {
  const lower = prefix.toLowerCase();
  const seen = new Set<string>();
  const kept: CompletionEntry[] = [];
  for (const entry of entries) {
    if (!entry.name.toLowerCase().startsWith(lower)) continue;
    const key = `${entry.name}\u0000${entry.kind}\u0000${entry.source ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(entry);
  }
  const exact = (entry: CompletionEntry): number => (entry.name.startsWith(prefix) ? 0 : 1);
  return kept.sort((a, b) => ordinal(a.sortText, b.sortText) || exact(a) - exact(b) || ordinal(a.name, b.name) || ordinal(a.kind, b.kind));
}

/** `text` on one line (whitespace runs as one space), cut to MAX_COMPLETION_TEXT with an ellipsis. */
export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_COMPLETION_TEXT ? flat : `${flat.slice(0, MAX_COMPLETION_TEXT - 1)}…`;
}

/** The first paragraph of a documentation, on one line. */
export function firstParagraph(documentation: string): string {
  return oneLine(documentation.trim().split(/\r?\n\s*\r?\n/)[0] ?? '');
}

/** Code-unit order: a sort text is a key, not words (`localeCompare` would rank `_a` by locale rules). */
function ordinal(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
