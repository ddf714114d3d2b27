import { describe, expect, it } from 'vitest';
import { merged, wholeLines } from '../../src/rules/deleted-lines.js';

/** The text without what wholeLines takes for `part`. */
function without(text: string, part: string): string {
  const start = text.indexOf(part);
  const range = wholeLines(text, { start, end: start + part.length });
  return text.slice(0, range.start) + text.slice(range.end);
}

describe('wholeLines', () => {
  it('takes the lines and one of the blank lines around a declaration alone on its lines', () => {
    expect(without('a;\n\nfunction f() {}\n\nb;\n', 'function f() {}')).toBe('a;\n\nb;\n');
  });

  it('takes as many blank lines after it as there were before it', () => {
    expect(without('a = 1\n\n\ndef f():\n    pass\n\n\nb = 2\n', 'def f():\n    pass')).toBe('a = 1\n\n\nb = 2\n');
  });

  it('takes the blank lines before a declaration that ends the file, and keeps CRLF line breaks whole', () => {
    expect(without('a;\n\nfunction f() {}\n', 'function f() {}')).toBe('a;\n');
    expect(without('a;\r\n\r\nfunction f() {}\r\n\r\nb;\r\n', 'function f() {}')).toBe('a;\r\n\r\nb;\r\n');
  });

  it('takes only the declaration when code shares its line', () => {
    expect(without('a; function f() {} b;\n', 'function f() {}')).toBe('a;  b;\n');
  });
});

describe('merged', () => {
  it('sorts ranges and joins those that overlap or touch', () => {
    expect(
      merged([
        { start: 10, end: 12 },
        { start: 0, end: 4 },
        { start: 4, end: 6 },
      ]),
    ).toEqual([
      { start: 0, end: 6 },
      { start: 10, end: 12 },
    ]);
  });
});
