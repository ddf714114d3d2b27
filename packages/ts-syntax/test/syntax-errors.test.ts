import { describe, expect, it } from 'vitest';
import { offsetOf } from './spans.js';
import { TsSourceSyntax } from '../src/ts-source-syntax.js';

const syntax = new TsSourceSyntax();

describe('TsSourceSyntax.syntaxErrors', () => {
  it('returns nothing for a text that parses', () => {
    expect(syntax.syntaxErrors('/w/a.ts', 'export const a = 1;\nexport function f(): number { return a; }\n')).toEqual([]);
  });

  it('leaves type errors to the type checker', () => {
    expect(syntax.syntaxErrors('/w/a.ts', "const n: number = 'text';\nundefinedName();\n")).toEqual([]);
  });

  it('reports each syntax error with its path, position, code and message, in order', () => {
    const text = 'const x = ;\nfunction f() {\n  let y = 1 +;\n}\n';
    expect(syntax.syntaxErrors('/w/a.ts', text)).toEqual([
      { path: '/w/a.ts', start: offsetOf(text, ';'), length: 1, category: 'error', code: 1109, message: 'Expression expected.' },
      {
        path: '/w/a.ts',
        start: offsetOf(text, ';', offsetOf(text, '1 +')),
        length: 1,
        category: 'error',
        code: 1109,
        message: 'Expression expected.',
      },
    ]);
  });

  it('reports a missing token as a zero-length error where it was expected', () => {
    const text = 'function f() {\n  return 1;\n';
    expect(syntax.syntaxErrors('/w/a.ts', text)).toEqual([
      { path: '/w/a.ts', start: text.length, length: 0, category: 'error', code: 1005, message: "'}' expected." },
    ]);
  });

  it('parses .tsx and .jsx files as JSX', () => {
    const text = 'export const e = <div className="x">{1}</div>;\n';
    expect(syntax.syntaxErrors('/w/view.tsx', text)).toEqual([]);
    expect(syntax.syntaxErrors('/w/view.jsx', text)).toEqual([]);
  });

  it('rejects JSX in a .ts file', () => {
    const text = 'export const e = <div/>;\n';
    expect(syntax.syntaxErrors('/w/view.ts', text)).toEqual([
      { path: '/w/view.ts', start: offsetOf(text, '/>'), length: 1, category: 'error', code: 1005, message: "'>' expected." },
    ]);
  });

  it('parses .ts, .mts, .cts and .d.ts as TypeScript, where a generic arrow function is not JSX', () => {
    const text = 'export const id = <T,>(x: T): T => x;\nexport const first = <T>(xs: T[]) => xs[0];\n';
    for (const path of ['/w/a.ts', '/w/a.mts', '/w/a.cts', '/w/a.d.ts']) expect(syntax.syntaxErrors(path, text)).toEqual([]);
    expect(syntax.syntaxErrors('/w/a.tsx', text)).not.toEqual([]);
  });

  it('reads an unclosed JSX element in a .tsx file as a syntax error at the element', () => {
    const text = 'export const e = <section>;\n';
    const errors = syntax.syntaxErrors('/w/view.tsx', text);
    expect(errors[0]).toEqual({
      path: '/w/view.tsx',
      start: offsetOf(text, 'section'),
      length: 'section'.length,
      category: 'error',
      code: 17008,
      message: "JSX element 'section' has no corresponding closing tag.",
    });
  });

  it('parses .js, .mjs and .cjs files as JavaScript, which allows JSX', () => {
    const text = 'export const e = <div/>;\nexport function f(a) { return a; }\n';
    for (const path of ['/w/a.js', '/w/a.mjs', '/w/a.cjs']) expect(syntax.syntaxErrors(path, text)).toEqual([]);
  });

  it('does not report TypeScript-only syntax in a .js file, which only a program reports', () => {
    expect(syntax.syntaxErrors('/w/a.js', 'let x: number = 1;\n')).toEqual([]);
  });
});
