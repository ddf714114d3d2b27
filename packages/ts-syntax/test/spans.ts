/** Offsets in the tests come from the fixture text, never from the product. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The span of the first `snippet` in `text` at or after `from`; throws when the fixture has none. */
export function spanOf(text: string, snippet: string, from = 0): Span {
  const start = text.indexOf(snippet, from);
  if (start < 0) throw new Error(`fixture has no ${JSON.stringify(snippet)} after offset ${from}`);
  return { start, end: start + snippet.length };
}

export function offsetOf(text: string, snippet: string, from = 0): number {
  return spanOf(text, snippet, from).start;
}

/** A body span found inside the declaration that starts at `from`. */
export function bodyOf(text: string, snippet: string, from: number, braced = true): Span & { readonly braced: boolean } {
  return { ...spanOf(text, snippet, from), braced };
}

/** The text from the start of the line holding `snippet` to the start of the line after the line holding `last`. */
export function linesOf(text: string, snippet: string, last = snippet): Span {
  const at = offsetOf(text, snippet);
  const start = text.lastIndexOf('\n', at) + 1;
  const endOfLast = text.indexOf('\n', spanOf(text, last, at).end - 1);
  return { start, end: endOfLast < 0 ? text.length : endOfLast + 1 };
}
