/** Offset of the `nth` (0-based) occurrence of `needle` in `text`. */
export function offsetOf(text: string, needle: string, nth = 0): number {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${needle} #${nth} not in text`);
  }
  return at;
}
