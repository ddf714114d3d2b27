import { describe, expect, it } from 'vitest';
import { createStyle } from '../src/format/style.js';
import { terminalMarkdown } from '../src/format/terminal-markdown.js';

const plain = createStyle(false);
const bold = { ...plain, bold: (text: string) => `<b>${text}</b>` };
const read = (markdown: string): string[] => terminalMarkdown(markdown, plain);

describe('terminalMarkdown', () => {
  it("prints escaped characters as themselves (clangd's and pyright's escapes)", () => {
    expect(read('Reads a FILE\\* into buf\\_out, see \\_\\_mul\\_\\_ and \\*\\*options \\<errno>.')).toEqual([
      'Reads a FILE* into buf_out, see __mul__ and **options <errno>.',
    ]);
  });

  it('leaves a backslash alone where it escapes nothing, and inside code', () => {
    expect(read('`option`\\s and C:\\dir, `a\\_b`, ``x \\* ` y``')).toEqual(['`option`\\s and C:\\dir, `a\\_b`, ``x \\* ` y``']);
    expect(read('```python\nprint("\\_")\n```')).toEqual(['    print("\\_")']);
  });

  it("decodes entities: pyright's &nbsp; indentation, &lt; &gt; &amp; and numeric ones", () => {
    expect(read(':param x: one  \n&nbsp;&nbsp;&nbsp;&nbsp;two &lt;T&gt; &amp; &#42; &#x41; &bogus;')).toEqual([
      ':param x: one',
      '    two <T> & * A &bogus;',
    ]);
  });

  it("drops rules and heading marks (clangd's ### function … and ---), keeping one blank line", () => {
    expect(terminalMarkdown('### function `f`  \n\n---\n→ `int`  \n\n---', bold)).toEqual(['<b>function `f`</b>', '', '→ `int`']);
    expect(read('---\ntext')).toEqual(['text']);
  });

  it("prints emphasis as its text and a link as its label and address (TypeScript's *@param*, gopls's pkg.go.dev link)", () => {
    expect(read('*@param* `a` — the value')).toEqual(['@param `a` — the value']);
    expect(terminalMarkdown('**strong** word', bold)).toEqual(['<b>strong</b> word']);
    expect(read('[`mux.NewRouter` on pkg.go.dev](https://pkg.go.dev/x#NewRouter)')).toEqual([
      '`mux.NewRouter` on pkg.go.dev (https://pkg.go.dev/x#NewRouter)',
    ]);
  });

  it('leaves arithmetic and snake_case as written', () => {
    expect(read('x * 2 * y, snake_case_name, a*b')).toEqual(['x * 2 * y, snake_case_name, a*b']);
  });
});
