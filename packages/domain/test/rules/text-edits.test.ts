import { describe, expect, it } from 'vitest';
import type { TextEdit } from '../../src/ports/symbol-index.js';
import { applyEdits } from '../../src/rules/text-edits.js';

const PATH = '/w/app/a.ts';

/** An edit replacing the `nth` occurrence of `word` in `text`. */
function replace(text: string, word: string, newText: string, nth = 0): TextEdit {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = text.indexOf(word, start + 1);
  if (start < 0) throw new Error(`"${word}" #${nth} is not in the fixture`);
  return { path: PATH, start, length: word.length, newText };
}

describe('applyEdits', () => {
  it('applies several edits on one line and reports the line once, before and after', () => {
    const text = 'const foo = 1;\nlog(foo, foo);\n';
    const outcome = applyEdits(text, [replace(text, 'foo', 'bar', 1), replace(text, 'foo', 'bar', 2)]);
    expect(outcome).toEqual({
      ok: true,
      text: 'const foo = 1;\nlog(bar, bar);\n',
      lineChanges: [{ line: 2, oldText: 'log(foo, foo);', newText: 'log(bar, bar);' }],
    });
  });

  it('reports each changed line in line order, whatever the order of the edits', () => {
    const text = 'let foo;\nx;\nfoo = 2;\nfoo++;';
    const edits = [replace(text, 'foo', 'count', 2), replace(text, 'foo', 'count', 0), replace(text, 'foo', 'count', 1)];
    const outcome = applyEdits(text, edits);
    expect(outcome.ok && outcome.text).toBe('let count;\nx;\ncount = 2;\ncount++;');
    expect(outcome.ok && outcome.lineChanges).toEqual([
      { line: 1, oldText: 'let foo;', newText: 'let count;' },
      { line: 3, oldText: 'foo = 2;', newText: 'count = 2;' },
      { line: 4, oldText: 'foo++;', newText: 'count++;' },
    ]);
  });

  it('keeps CRLF line breaks and leaves them out of the reported lines', () => {
    const text = 'const foo = 1;\r\nfoo;\r\n';
    const outcome = applyEdits(text, [replace(text, 'foo', 'bar', 0), replace(text, 'foo', 'bar', 1)]);
    expect(outcome.ok && outcome.text).toBe('const bar = 1;\r\nbar;\r\n');
    expect(outcome.ok && outcome.lineChanges).toEqual([
      { line: 1, oldText: 'const foo = 1;', newText: 'const bar = 1;' },
      { line: 2, oldText: 'foo;', newText: 'bar;' },
    ]);
  });

  it('handles edits that change the length of a line with non-ASCII text', () => {
    const text = 'const 名 = "😀"; 名;';
    const outcome = applyEdits(text, [replace(text, '名', 'name', 0), replace(text, '名', 'name', 1)]);
    expect(outcome.ok && outcome.text).toBe('const name = "😀"; name;');
  });

  it('merges identical duplicate edits', () => {
    const text = 'foo;';
    const edit = replace(text, 'foo', 'bar');
    const outcome = applyEdits(text, [edit, { ...edit }]);
    expect(outcome).toEqual({ ok: true, text: 'bar;', lineChanges: [{ line: 1, oldText: 'foo;', newText: 'bar;' }] });
  });

  it('accepts an insertion at the very end of the text', () => {
    const text = 'foo';
    const outcome = applyEdits(text, [{ path: PATH, start: text.length, length: 0, newText: ';' }]);
    expect(outcome.ok && outcome.text).toBe('foo;');
  });

  it('refuses overlapping edits', () => {
    const text = 'foobar;';
    const outcome = applyEdits(text, [
      { path: PATH, start: 0, length: 4, newText: 'x' },
      { path: PATH, start: 3, length: 3, newText: 'y' },
    ]);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toContain('overlap');
  });

  it('refuses two different edits of the same span', () => {
    const text = 'foo;';
    const outcome = applyEdits(text, [replace(text, 'foo', 'a'), replace(text, 'foo', 'b')]);
    expect(outcome.ok).toBe(false);
  });

  it('refuses an edit that ends past the end of the text', () => {
    const text = 'foo;';
    const outcome = applyEdits(text, [{ path: PATH, start: 2, length: 5, newText: 'x' }]);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toContain('outside the file');
  });

  it('refuses an edit with a negative start', () => {
    expect(applyEdits('foo;', [{ path: PATH, start: -1, length: 1, newText: 'x' }]).ok).toBe(false);
  });

  it('changes nothing for no edits', () => {
    expect(applyEdits('foo;\n', [])).toEqual({ ok: true, text: 'foo;\n', lineChanges: [] });
  });
});
