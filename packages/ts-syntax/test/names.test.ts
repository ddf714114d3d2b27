import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { namesOverlapping, type NameNode } from '../src/names.js';
import { TsSourceSyntax } from '../src/index.js';

const syntax = new TsSourceSyntax();

describe('namesSpelled', () => {
  const TEXT = [
    'import { total, other as renamed } from "./lib";',
    'export { total as sum };',
    '// total in a comment, and "total" in a string',
    'const total2 = total;',
    'function f(total: number) { return total; }',
    'class C { total = 1; }',
  ].join('\n');

  it('finds identifiers only, never words in comments or strings, and tells declarations from uses', () => {
    const sites = syntax.namesSpelled('src/a.ts', TEXT, 'total');
    const at = (needle: string, nth = 0): number => {
      let index = -1;
      for (let i = 0; i <= nth; i++) index = TEXT.indexOf(needle, index + 1);
      return index;
    };
    expect(sites).toEqual([
      { start: at('total'), length: 5, isDeclaration: true },
      { start: at('total as sum'), length: 5, isDeclaration: false },
      { start: at('total;'), length: 5, isDeclaration: false },
      { start: at('total: number'), length: 5, isDeclaration: true },
      { start: at('total; }'), length: 5, isDeclaration: false },
      { start: at('total = 1'), length: 5, isDeclaration: true },
    ]);
  });
});

describe('plainSpecifierAt', () => {
  const TEXT = 'import { a, b as c } from "./m";\nexport { a } from "./m";\nexport { d as a };\nconst d = 1;\na;\n';
  const at = (needle: string): number => TEXT.indexOf(needle);

  it('is "import" or "export" on the only name of a specifier that keeps it', () => {
    expect(syntax.plainSpecifierAt('src/a.ts', TEXT, at('a, b'))).toBe('import');
    expect(syntax.plainSpecifierAt('src/a.ts', TEXT, at('a } from'))).toBe('export');
  });

  it('is undefined on a renaming specifier (either name) and on any other name', () => {
    expect(syntax.plainSpecifierAt('src/a.ts', TEXT, at('b as c'))).toBeUndefined();
    expect(syntax.plainSpecifierAt('src/a.ts', TEXT, at('c }'))).toBeUndefined();
    expect(syntax.plainSpecifierAt('src/a.ts', TEXT, at('d as a'))).toBeUndefined();
    expect(syntax.plainSpecifierAt('src/a.ts', TEXT, at('a;\n'))).toBeUndefined();
  });
});

describe('namesOverlapping', () => {
  const TEXT = [
    'import { a as b } from "./m";',
    'export class K { #p = 1; m(x: number) { return [x, this.#p, { y: x }]; } }',
    ...Array.from({ length: 300 }, (_, i) => `export const v${i} = (w${i}: number) => w${i} + ${i};`),
    'function f(...rest: string[]) { return rest.map((s) => s.length); }',
  ].join('\n');
  const sourceFile = ts.createSourceFile('a.ts', TEXT, ts.ScriptTarget.Latest, true);

  /** Every name of the file by a full walk, as the contract defines the answer. */
  function everyName(): NameNode[] {
    const names: NameNode[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) names.push(node);
      else ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    return names;
  }

  it('finds exactly the names a full walk finds overlapping each range', () => {
    const names = everyName();
    for (let start = 0; start < TEXT.length; start += 37) {
      for (const width of [0, 1, 5, 120]) {
        const end = start + width;
        const expected = names.filter((n) => n.getStart(sourceFile) < end && n.end > start);
        expect(namesOverlapping(ts, sourceFile, start, end), `[${start}, ${end})`).toEqual(expected);
      }
    }
  });
});
