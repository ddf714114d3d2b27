import { describe, expect, it } from 'vitest';
import { SyntaxCache } from '@mcp-lsp-bridge/ts-workspace';
import { BUNDLED_TYPESCRIPT, plainSpecifierOf } from '@mcp-lsp-bridge/ts-syntax';
import { declarationOfName, isSpreadOfExpression, mergedDeclarationNames, nameAt } from '../src/typescript/syntax.js';

const syntax = new SyntaxCache();

describe('TypeScript syntax', () => {
  it('finds every overload and the namespace merged with a function', () => {
    const text =
      'function f(a: number): void;\nfunction f(a: string): void;\nfunction f(a: unknown) {}\nnamespace f { export const x = 1; }\nconst g = f;\n';
    const sourceFile = syntax.get('/w/a.ts', text);
    const starts = mergedDeclarationNames(sourceFile, text.indexOf('f(a: string')).map((s) => s.start);
    expect(starts).toEqual([9, 38, 67, text.indexOf('f {')]);
    expect(mergedDeclarationNames(sourceFile, text.lastIndexOf('f;'))).toEqual([]);
  });

  it('tells a spread of an expression (no item of its own) from a spread of a name', () => {
    const text = 'const a = { b: { c: 1 } };\nexport const o = { ...a.b, ...a, ...a.b.c, d: a.b };\n';
    const sourceFile = syntax.get('/w/spread.ts', text);
    const span = (needle: string, from: number): [number, number] => {
      const start = text.indexOf(needle, from);
      return [start, start + needle.length];
    };
    const body = text.indexOf('{ ...');
    expect(isSpreadOfExpression(sourceFile, ...span('a.b', body))).toBe(true);
    expect(isSpreadOfExpression(sourceFile, ...span('a.b.c', body))).toBe(true);
    expect(isSpreadOfExpression(sourceFile, ...(span('a,', body).map((n, i) => n - i) as [number, number]))).toBe(false);
    // Not a spread: the value of a property.
    expect(isSpreadOfExpression(sourceFile, ...span('a.b', text.indexOf('d: ')))).toBe(false);
    // Part of the spread's expression only.
    expect(isSpreadOfExpression(sourceFile, ...span('a', body + 4))).toBe(false);
  });

  it('takes import and export specifiers for aliases, not declarations', () => {
    const text = "import { a } from './a';\nexport { a };\nexport const b = a;\n";
    const sourceFile = syntax.get('/w/b.ts', text);
    const at = (needle: string, from = 0): ReturnType<typeof nameAt> => nameAt(sourceFile, text.indexOf(needle, from));
    expect(declarationOfName(at('a }') as never)).toBeUndefined();
    expect(declarationOfName(at('b =') as never)).toBeDefined();
    expect(plainSpecifierOf(BUNDLED_TYPESCRIPT, at('a };') as never)).toBe('export');
  });
});
