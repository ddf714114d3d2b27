import { describe, expect, it } from 'vitest';
import { ProgressBar } from '../src/format/progress-bar.js';
import { identifierLength, snippet } from '../src/format/snippet.js';
import { colourEnabled, createStyle } from '../src/format/style.js';
import { wrap } from '../src/format/wrap.js';

describe('snippet', () => {
  const marked = createStyle(false);
  const brackets = { ...marked, match: (text: string) => `[${text}]` };

  it('drops indentation and highlights the symbol by code points, after an emoji too', () => {
    expect(snippet('    return helper(1);', 12, 6, brackets)).toBe('return [helper](1);');
    expect(snippet('const s = "😀"; helper(1);', 16, identifierLength('const s = "😀"; helper(1);', 16), brackets)).toBe(
      'const s = "😀"; [helper](1);',
    );
  });

  it('cuts a very long line around the column', () => {
    const line = `${'x'.repeat(300)} target ${'y'.repeat(300)}`;
    const shown = snippet(line, 302, 6, brackets);
    expect(shown).toMatch(/^…x+ \[target\] y+…$/);
    expect(Array.from(shown).length).toBeLessThan(170);
  });

  it('measures identifiers, $ and unicode letters included, and nothing on punctuation', () => {
    expect(identifierLength('a.$élan = 1', 3)).toBe(5);
    expect(identifierLength('a = 1', 2)).toBe(0);
  });
});

describe('colourEnabled', () => {
  it('follows the terminal, NO_COLOR always wins, FORCE_COLOR forces a pipe, TERM=dumb turns it off', () => {
    expect(colourEnabled({}, true)).toBe(true);
    expect(colourEnabled({}, false)).toBe(false);
    expect(colourEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colourEnabled({ NO_COLOR: '', FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colourEnabled({ NO_COLOR: '1', FORCE_COLOR: '1' }, false)).toBe(false);
    expect(colourEnabled({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(colourEnabled({ TERM: 'dumb' }, true)).toBe(false);
  });
});

describe('ProgressBar', () => {
  it('redraws one line at most every 80 ms, always the last step, and erases itself', () => {
    let written = '';
    let now = 0;
    const bar = new ProgressBar({ write: (t) => (written += t), isTTY: true, columns: 40 }, 'Checking files', () => now);
    bar.update({ done: 1, total: 4 });
    now = 10;
    bar.update({ done: 2, total: 4 });
    now = 20;
    bar.update({ done: 4, total: 4 });
    bar.clear();
    const drawn = written.split('\r\u001b[K');
    expect(drawn).toEqual(['', 'Checking files [#####-------------] 1/4', 'Checking files [##################] 4/4', '']);
    for (const line of drawn) expect(line.length).toBeLessThan(40);
  });
});

describe('wrap', () => {
  it('breaks at spaces within the width and indents the following lines', () => {
    expect(wrap('one two three four', 9, 2)).toBe('one two\n  three\n  four');
  });
});
