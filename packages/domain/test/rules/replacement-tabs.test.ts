import { describe, expect, it } from 'vitest';
import { fitBody, fitNode, tabbed } from '../../src/rules/replacement.js';

describe('a replacement in a language that indents with tabs (Go)', () => {
  const GO = 'package p\n\nfunc Scale(x float64) float64 { return x }\n';
  const declarationStart = GO.indexOf('func');

  it('indents a body with tabs, each level of the replacement one tab, in a file that shows no indentation yet', () => {
    const body = fitBody({ text: GO, declarationStart, braced: true, tabs: true }, 'y := x * 2\nif y > 1 {\n    return y\n}\nreturn x');
    expect(body).toBe('{\n\ty := x * 2\n\tif y > 1 {\n\t\treturn y\n\t}\n\treturn x\n}');
  });

  it('keeps spaces where the language does not ask for tabs', () => {
    expect(fitBody({ text: GO, declarationStart, braced: true }, 'return x * 2')).toBe('{\n  return x * 2\n}');
  });

  it("turns a whole declaration's space indentation into tabs", () => {
    expect(fitNode(GO, declarationStart, 'func Scale(x float64) float64 {\n  return x * 3\n}', false, true)).toBe(
      'func Scale(x float64) float64 {\n\treturn x * 3\n}',
    );
    expect(tabbed(['a', '  b', '    c'], true)).toEqual(['a', '\tb', '\t\tc']);
  });
});
