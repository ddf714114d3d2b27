import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { heritageNames, heritageOwnerAt, typeDeclarationNamedAt, typeDeclarationSpan } from '../src/index.js';
import { offsetOf as firstAfter } from './spans.js';

/** The offset of the `nth` (0-based) `snippet` of the fixture. */
function offsetOf(text: string, snippet: string, nth = 0): number {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = firstAfter(text, snippet, at + 1);
  return at;
}

const TEXT = [
  'import * as shapes from "./shapes";',
  'interface Named { name: string }',
  'type Sized = { size: number };',
  'export class Square extends shapes.Base<Named> implements Named, Sized {',
  '  name = "s"; size = 1;',
  '}',
  'class Mixed extends mixin(Square) {}',
  'function area(s: Square): number { return s.size; }',
].join('\n');

const file = ts.createSourceFile('a.ts', TEXT, ts.ScriptTarget.Latest, true);

describe('heritage clauses', () => {
  it('finds the class, interface or type alias named at an offset, not a use of the name', () => {
    expect(typeDeclarationNamedAt(ts, file, offsetOf(TEXT, 'Square'))?.name?.text).toBe('Square');
    expect(typeDeclarationNamedAt(ts, file, offsetOf(TEXT, 'Sized'))?.name?.text).toBe('Sized');
    expect(typeDeclarationNamedAt(ts, file, offsetOf(TEXT, 'Named', 1))).toBeUndefined();
    expect(typeDeclarationNamedAt(ts, file, offsetOf(TEXT, 'area'))).toBeUndefined();
  });

  it('spans the whole declaration and its name, a type alias as a variable', () => {
    const alias = typeDeclarationNamedAt(ts, file, offsetOf(TEXT, 'Sized'));
    expect(alias === undefined ? undefined : typeDeclarationSpan(ts, alias)).toEqual({
      name: 'Sized',
      kind: 'variable',
      start: offsetOf(TEXT, 'type Sized'),
      length: 'type Sized = { size: number };'.length,
      nameStart: offsetOf(TEXT, 'Sized'),
      nameLength: 'Sized'.length,
    });
  });

  it('names what a class extends and implements, the last name of a qualified one, nothing of a call', () => {
    const square = typeDeclarationNamedAt(ts, file, offsetOf(TEXT, 'Square'));
    expect(square === undefined ? [] : heritageNames(ts, square).map((n) => [n.text, n.getStart(file)])).toEqual([
      ['Base', offsetOf(TEXT, 'Base')],
      ['Named', offsetOf(TEXT, 'Named', 2)],
      ['Sized', offsetOf(TEXT, 'Sized', 1)],
    ]);
    const mixed = typeDeclarationNamedAt(ts, file, offsetOf(TEXT, 'Mixed'));
    expect(mixed === undefined ? ['missing'] : heritageNames(ts, mixed)).toEqual([]);
  });

  it('finds the owner of a heritage clause from its expression only: not from type arguments, a call or a parameter type', () => {
    expect(heritageOwnerAt(ts, file, offsetOf(TEXT, 'Base'))?.name?.text).toBe('Square');
    expect(heritageOwnerAt(ts, file, offsetOf(TEXT, 'Sized', 1))?.name?.text).toBe('Square');
    expect(heritageOwnerAt(ts, file, offsetOf(TEXT, 'shapes', 1))).toBeUndefined();
    expect(heritageOwnerAt(ts, file, offsetOf(TEXT, 'Named', 1))).toBeUndefined();
    expect(heritageOwnerAt(ts, file, offsetOf(TEXT, 'Square', 1))).toBeUndefined();
    expect(heritageOwnerAt(ts, file, offsetOf(TEXT, 'Square', 2))).toBeUndefined();
  });
});
