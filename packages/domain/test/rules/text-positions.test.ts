import { describe, expect, it } from 'vitest';
import { codePointCount } from '../workspace-fixture.js';
import { LineIndex } from '../../src/rules/text-positions.js';

/** 1-based code-point column of UTF-16 `index` in `line`, counted independently of LineIndex. */
const columnAt = (line: string, index: number): number => codePointCount(line.slice(0, index)) + 1;

/** Every UTF-16 offset of `text` that starts a code point, plus the end. */
function codePointOffsets(text: string): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const ch of text) {
    offsets.push(at);
    at += ch.length;
  }
  offsets.push(at);
  return offsets;
}

describe('LineIndex columns', () => {
  const line = 'const s = "😀"; foo()';

  it('counts columns in code points, so an emoji before foo counts once', () => {
    const lines = new LineIndex(line);
    const index = line.indexOf('foo');
    expect(columnAt(line, index)).toBe(16);
    expect(index).toBe(16); // the emoji is two UTF-16 code units
    expect(lines.offsetOf({ line: 1, column: 16 })).toBe(16);
    expect(lines.positionOf(16)).toEqual({ line: 1, column: 16 });
  });

  it('converts the same place to LSP UTF-16 characters', () => {
    const lines = new LineIndex(line);
    expect(lines.utf16PositionOf(line.indexOf('foo'))).toEqual({ line: 0, character: 16 });
    expect(lines.offsetOfUtf16({ line: 0, character: 16 })).toBe(line.indexOf('foo'));
  });

  it.each([
    ['CJK', 'const 名前 = "日本語"; 名前.length'],
    ['emoji', '👍🏽 x = "👨‍👩‍👧"; y("😀😀")'],
    ['mixed', 'let café = "naïve 🎉"; café'],
  ])('round-trips every offset and position of a %s line', (_name, text) => {
    const lines = new LineIndex(text);
    for (const offset of codePointOffsets(text)) {
      const position = lines.positionOf(offset);
      expect(position).toEqual({ line: 1, column: columnAt(text, offset) });
      expect(lines.offsetOf(position)).toBe(offset);
    }
    expect(lines.lineLength(1)).toBe(codePointCount(text));
  });
});

describe('LineIndex lines', () => {
  it('treats \\r\\n, \\n and a lone \\r as line breaks', () => {
    const text = 'one\r\ntwo\nthree\rfour';
    const lines = new LineIndex(text);
    expect(lines.lineCount).toBe(4);
    expect([1, 2, 3, 4].map((n) => lines.lineText(n))).toEqual(['one', 'two', 'three', 'four']);
  });

  it('places offsets on the right line across CRLF and lone CR', () => {
    const text = 'a = 1;\r\nb = 2;\rc = 3;';
    const lines = new LineIndex(text);
    expect(lines.positionOf(text.indexOf('b'))).toEqual({ line: 2, column: 1 });
    expect(lines.positionOf(text.indexOf('c'))).toEqual({ line: 3, column: 1 });
    expect(lines.offsetOf({ line: 3, column: 1 })).toBe(text.indexOf('c'));
    expect(lines.utf16PositionOf(text.indexOf('2'))).toEqual({ line: 1, character: 4 });
  });

  it('puts both characters of a CRLF on the line they end', () => {
    const text = 'ab\r\ncd';
    const lines = new LineIndex(text);
    expect(lines.lineOf(2)).toBe(1);
    expect(lines.lineOf(3)).toBe(1);
    expect(lines.lineOf(4)).toBe(2);
    expect(lines.lineEnd(1)).toBe(2);
    expect(lines.lineStart(2)).toBe(4);
  });

  it('counts the empty line after a final line break', () => {
    const lines = new LineIndex('a\n');
    expect(lines.lineCount).toBe(2);
    expect(lines.lineText(2)).toBe('');
    expect(lines.offsetOf({ line: 2, column: 1 })).toBe(2);
  });

  it('has one empty line for an empty text', () => {
    const lines = new LineIndex('');
    expect(lines.lineCount).toBe(1);
    expect(lines.offsetOf({ line: 1, column: 1 })).toBe(0);
  });

  it('keeps indentation in the line text', () => {
    const lines = new LineIndex('function f() {\n\t  return 1;\n}');
    expect(lines.lineText(2)).toBe('\t  return 1;');
  });
});

describe('LineIndex bounds', () => {
  const text = 'abc\nde';
  const lines = new LineIndex(text);

  it('accepts the column just past the end of a line', () => {
    expect(lines.offsetOf({ line: 1, column: 4 })).toBe(3);
    expect(lines.offsetOf({ line: 2, column: 3 })).toBe(text.length);
  });

  it.each([
    ['line 0', { line: 0, column: 1 }],
    ['a line past the last', { line: 3, column: 1 }],
    ['column 0', { line: 1, column: 0 }],
    ['a column two past the end', { line: 1, column: 5 }],
    ['a column far past the end', { line: 1, column: 40 }],
    ['a negative line', { line: -1, column: 1 }],
    ['a fractional column', { line: 1, column: 1.5 }],
    ['NaN', { line: Number.NaN, column: 1 }],
  ])('returns undefined for %s', (_name, position) => {
    expect(lines.offsetOf(position)).toBeUndefined();
  });

  it('does not let a column run onto the next line of a CRLF text', () => {
    const crlf = new LineIndex('ab\r\ncd');
    expect(crlf.offsetOf({ line: 1, column: 3 })).toBe(2);
    expect(crlf.offsetOf({ line: 1, column: 4 })).toBeUndefined();
  });
});

describe('LineIndex UTF-16 (LSP) positions', () => {
  const text = 'x = "😀";\r\ny = 名;\nz';
  const lines = new LineIndex(text);

  it('converts offsets to 0-based line and UTF-16 character', () => {
    expect(lines.utf16PositionOf(text.indexOf('";'))).toEqual({ line: 0, character: 7 });
    expect(lines.utf16PositionOf(text.indexOf('名'))).toEqual({ line: 1, character: 4 });
    expect(lines.utf16PositionOf(text.indexOf('z'))).toEqual({ line: 2, character: 0 });
  });

  it('converts LSP positions back to offsets', () => {
    expect(lines.offsetOfUtf16({ line: 1, character: 4 })).toBe(text.indexOf('名'));
    expect(lines.offsetOfUtf16({ line: 2, character: 0 })).toBe(text.indexOf('z'));
  });

  it('clamps a character past the end of the line to the line end, as LSP requires', () => {
    expect(lines.offsetOfUtf16({ line: 0, character: 99 })).toBe(text.indexOf('\r\n'));
  });

  it('clamps a line past the end to the end of the text', () => {
    expect(lines.offsetOfUtf16({ line: 10, character: 0 })).toBe(text.length);
  });
});

describe('LineIndex on random texts', () => {
  /** Characters that exercise every rule: line breaks, surrogate pairs, lone surrogates. */
  const ALPHABET = ['a', ' ', '\n', '\r', '\r\n', '😀', '名', '\ud800', '\udc00', '\ud83d\ude00x'];

  /** A small deterministic generator, so a failure reproduces. */
  function randomText(seed: number, length: number): string {
    let state = seed;
    let text = '';
    for (let i = 0; i < length; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      text += ALPHABET[state % ALPHABET.length] ?? '';
    }
    return text;
  }

  /** Line and column by walking the text from the start, as the contract defines them. */
  function walkedPosition(text: string, offset: number): { line: number; column: number } {
    const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
    // An offset between \r and \n stays on the line the pair ends.
    if (text[offset - 1] === '\r' && text[offset] === '\n')
      return { line: lines.length - 1, column: codePointCount(lines.at(-2) ?? '') + 1 };
    return { line: lines.length, column: codePointCount(lines.at(-1) ?? '') + 1 };
  }

  it('agrees with a walk from the start for every code-point offset, and round-trips', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const text = randomText(seed, 60);
      const lines = new LineIndex(text);
      for (const offset of codePointOffsets(text)) {
        const position = lines.positionOf(offset);
        expect(position, `seed ${seed}, offset ${offset}`).toEqual(walkedPosition(text, offset));
        if (!(text[offset - 1] === '\r' && text[offset] === '\n')) expect(lines.offsetOf(position)).toBe(offset);
      }
    }
  });

  it('counts an offset inside a surrogate pair as past the pair', () => {
    const lines = new LineIndex('a😀b');
    expect(lines.positionOf(2)).toEqual({ line: 1, column: 3 });
  });

  it('answers on a megabyte-long line with many pairs', () => {
    const line = 'x😀'.repeat(400_000);
    const lines = new LineIndex(line);
    for (let k = 0; k < 400_000; k += 997) {
      expect(lines.positionOf(k * 3 + 1)).toEqual({ line: 1, column: 2 * k + 2 });
      expect(lines.offsetOf({ line: 1, column: 2 * k + 2 })).toBe(k * 3 + 1);
    }
    expect(lines.offsetOf({ line: 1, column: 800_002 })).toBeUndefined();
    expect(lines.lineLength(1)).toBe(800_000);
  });
});

describe('LineIndex.of', () => {
  it('indexes a text once while it is among the recent ones, and a changed text anew', () => {
    const text = 'a\nbb\nccc';
    const first = LineIndex.of(text);
    expect(LineIndex.of(['a', 'bb', 'ccc'].join('\n'))).toBe(first);
    const changed = LineIndex.of('a\nbb\nccc\ndddd');
    expect(changed).not.toBe(first);
    expect(changed.lineCount).toBe(4);
    expect(changed.positionOf(9)).toEqual({ line: 4, column: 1 });
    expect(first.lineCount).toBe(3);
  });

  it('keeps only the last few texts', () => {
    const text = 'kept\nfor a while';
    const first = LineIndex.of(text);
    for (let i = 0; i < 100; i++) LineIndex.of(`other ${i}`);
    const again = LineIndex.of(text);
    expect(again).not.toBe(first);
    expect(again.lineText(2)).toBe('for a while');
  });
});
