/**
 * Position rules. Our API speaks 1-based lines and 1-based columns counted in Unicode
 * code points (what an editor shows); language services speak UTF-16 offsets (TypeScript)
 * or 0-based line + UTF-16 character (LSP). All conversions between them live here.
 * Line breaks are `\r\n`, `\n` and `\r`, as in LSP.
 */

export interface TextPosition {
  /** 1-based. */
  readonly line: number;
  /** 1-based, in code points. */
  readonly column: number;
}

/** 0-based line and UTF-16 character, as LSP positions are. */
export interface Utf16Position {
  readonly line: number;
  readonly character: number;
}

/** How many texts `LineIndex.of` keeps indexed: the files a call or two reads. */
const INDEXES_KEPT = 8;

export class LineIndex {
  private static readonly recent = new Map<string, LineIndex>();

  /**
   * The index of `text`, made once for the texts read lately: every call about a file indexes
   * it, and a warm call's file is usually the last one's (the scan is 5% of a warm definition;
   * issue 25). Texts are values, so a text the disk changed is a new key.
   */
  static of(text: string): LineIndex {
    const recent = LineIndex.recent;
    let index = recent.get(text);
    if (index !== undefined) {
      recent.delete(text);
    } else {
      index = new LineIndex(text);
      if (recent.size >= INDEXES_KEPT) recent.delete(recent.keys().next().value as string);
    }
    recent.set(text, index);
    return index;
  }

  /** UTF-16 offset of the first character of each line. */
  private readonly starts: number[];
  /**
   * UTF-16 offset of every surrogate pair's first unit, ascending: a column is the UTF-16
   * distance from the line start less the pairs before it, so converting a position costs a
   * binary search, not a walk along the line (a minified line holds a megabyte and thousands
   * of symbols).
   */
  private readonly pairs: number[];

  constructor(readonly text: string) {
    const starts = [0];
    const pairs: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (ch === 10 /* \n */) {
        starts.push(i + 1);
      } else if (ch >= 0xd800 && ch <= 0xdbff && codePointWidth(text, i) === 2) {
        pairs.push(i);
        i++;
      }
    }
    this.starts = starts;
    this.pairs = pairs;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** UTF-16 offset where 1-based `line` starts. */
  lineStart(line: number): number {
    return this.starts[line - 1] ?? this.text.length;
  }

  /** UTF-16 offset of the end of 1-based `line`, before its line break. */
  lineEnd(line: number): number {
    const next = this.starts[line];
    if (next === undefined) return this.text.length;
    let end = next;
    if (end > 0 && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > 0 && this.text.charCodeAt(end - 1) === 13) end--;
    return Math.max(end, this.lineStart(line));
  }

  /** The text of 1-based `line` without its line break. */
  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  /** 1-based line containing the UTF-16 `offset` (clamped to the text). */
  lineOf(offset: number): number {
    const target = Math.min(Math.max(offset, 0), this.text.length);
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= target) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** The 1-based code-point position of a UTF-16 offset. */
  positionOf(offset: number): TextPosition {
    const line = this.lineOf(offset);
    const start = this.lineStart(line);
    let end = Math.min(Math.max(offset, start), this.lineEnd(line));
    // An offset inside a surrogate pair counts the pair as one code point, as a walk would.
    if (end > start && this.pairs[this.pairsBefore(end) - 1] === end - 1) end++;
    return { line, column: this.codePointsBetween(start, end) + 1 };
  }

  /**
   * The UTF-16 offset of a 1-based code-point position, or `undefined` when it is out of
   * bounds. The column just past the last character of a line is in bounds.
   */
  offsetOf(position: TextPosition): number | undefined {
    const { line, column } = position;
    if (!Number.isInteger(line) || !Number.isInteger(column) || line < 1 || column < 1) return undefined;
    if (line > this.lineCount) return undefined;
    const start = this.lineStart(line);
    const end = this.lineEnd(line);
    if (column - 1 > this.codePointsBetween(start, end)) return undefined;
    // The pairs of this line before the code point: the k-th pair (from `first`) starts at code point `pairs[first + k] - start - k`.
    const first = this.pairsBefore(start);
    let lo = first;
    let hi = this.pairsBefore(end);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.pairs[mid] ?? 0) - start - (mid - first) < column - 1) lo = mid + 1;
      else hi = mid;
    }
    return start + column - 1 + (lo - first);
  }

  /** Number of code points on 1-based `line`. */
  lineLength(line: number): number {
    return this.codePointsBetween(this.lineStart(line), this.lineEnd(line));
  }

  /** Code points in [start, end), both offsets at code-point boundaries. */
  private codePointsBetween(start: number, end: number): number {
    return end - start - (this.pairsBefore(end) - this.pairsBefore(start));
  }

  /** How many surrogate pairs start before `offset`. */
  private pairsBefore(offset: number): number {
    let lo = 0;
    let hi = this.pairs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.pairs[mid] ?? 0) < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** 0-based line + UTF-16 character → offset (for LSP); clamped to the line like LSP requires. */
  offsetOfUtf16(position: Utf16Position): number {
    if (position.line >= this.lineCount) return this.text.length;
    const start = this.lineStart(position.line + 1);
    return Math.min(start + Math.max(position.character, 0), this.lineEnd(position.line + 1));
  }

  /** Offset → 0-based line + UTF-16 character (for LSP). */
  utf16PositionOf(offset: number): Utf16Position {
    const line = this.lineOf(offset);
    return { line: line - 1, character: Math.min(offset, this.text.length) - this.lineStart(line) };
  }
}

function codePointWidth(text: string, offset: number): number {
  const ch = text.charCodeAt(offset);
  if (ch >= 0xd800 && ch <= 0xdbff) {
    const next = text.charCodeAt(offset + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  return 1;
}
