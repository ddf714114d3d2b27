import { describe, expect, it } from 'vitest';
import { MAX_QUOTED_INPUT, MAX_SNIPPET_LENGTH, quoted, snippetAround } from '../../src/rules/brief-text.js';

describe('snippetAround', () => {
  it('keeps a line of ordinary length whole, indentation included', () => {
    expect(snippetAround('    return total(items);', 11)).toBe('    return total(items);');
  });

  it('cuts a long line around the place, marking each cut with an ellipsis', () => {
    const line = `${'a'.repeat(5000)}needle${'b'.repeat(5000)}`;
    const snippet = snippetAround(line, 5000);
    expect(snippet.length).toBeLessThanOrEqual(MAX_SNIPPET_LENGTH);
    expect(snippet).toContain('needle');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });

  it('cuts only the end when the place is near the start, and never splits a surrogate pair', () => {
    const line = `const x = 1; ${'😀'.repeat(400)}`;
    const snippet = snippetAround(line, 6);
    expect(snippet.startsWith('const x = 1;')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.slice(0, -1)).toMatch(/^[^\uD800-\uDFFF]*(?:\uD83D\uDE00)*$/u);
  });
});

describe('quoted', () => {
  it('quotes a short input whole', () => {
    expect(quoted('src/a.ts')).toBe('"src/a.ts"');
  });

  it('quotes at most a short prefix of a long input and counts it', () => {
    const long = 'x'.repeat(1_000_000);
    const text = quoted(long);
    expect(text.length).toBeLessThan(MAX_QUOTED_INPUT + 40);
    expect(text).toContain('(1000000 characters)');
  });
});
