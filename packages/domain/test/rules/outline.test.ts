import { describe, expect, it } from 'vitest';
import type { SymbolKind } from '../../src/model/symbols.js';
import type { OutlineSymbol } from '../../src/ports/symbol-index.js';
import type { DocumentSymbolItem } from '../../src/model/results.js';
import {
  closestSymbols,
  editDistance,
  flattenOutline,
  isLocalDeclaration,
  matchSymbolName,
  pruneOutline,
  symbolNamedAt,
} from '../../src/rules/outline.js';

const CALC_TS = [
  'export function add(a: number, b: number) {',
  '  return a + b;',
  '}',
  '',
  'export class Calculator {',
  '  add(a: number, b: number) {',
  '    return add(a, b);',
  '  }',
  '  constructor() {}',
  '}',
  '',
  'namespace Outer {',
  '  export namespace Inner {',
  '    export function method() {}',
  '  }',
  '}',
  '',
  'export default class {',
  '  run() {}',
  '}',
  '',
].join('\n');

/** An outline entry for `declaration` (found in the text), named by `name` inside it; a nameless one spans its whole declaration. */
function entry(kind: SymbolKind, name: string, declaration: string, children: OutlineSymbol[] = [], nameless = false): OutlineSymbol {
  const start = CALC_TS.indexOf(declaration);
  if (start < 0) throw new Error(`"${declaration}" is not in the fixture`);
  const nameAt = nameless ? -1 : declaration.indexOf(name);
  return {
    name,
    kind,
    start,
    length: declaration.length,
    nameStart: nameAt < 0 ? start : start + nameAt,
    nameLength: nameAt < 0 ? declaration.length : name.length,
    children,
  };
}

const ADD_DECL = 'export function add(a: number, b: number) {\n  return a + b;\n}';
const METHOD_DECL = 'add(a: number, b: number) {\n    return add(a, b);\n  }';
const CTOR_DECL = 'constructor() {}';
const CLASS_DECL = CALC_TS.slice(CALC_TS.indexOf('export class'), CALC_TS.indexOf('}\n\nnamespace') + 1);
const INNER_DECL = 'export function method() {}';
const DEFAULT_DECL = 'export default class {\n  run() {}\n}';

function outline(): OutlineSymbol[] {
  // Given out of source order on purpose: the service's order is not trusted.
  return [
    entry('module', 'Outer', CALC_TS.slice(CALC_TS.indexOf('namespace Outer'), CALC_TS.indexOf('}\n\nexport default') + 1), [
      entry('module', 'Inner', 'export namespace Inner {\n    export function method() {}\n  }', [entry('function', 'method', INNER_DECL)]),
    ]),
    entry('class', 'Calculator', CLASS_DECL, [
      entry('constructor', 'constructor', CTOR_DECL, [], true),
      entry('method', 'add', METHOD_DECL),
    ]),
    entry('function', 'add', ADD_DECL),
    entry('class', 'default', DEFAULT_DECL, [entry('method', 'run', 'run() {}')], true),
  ];
}

const names = (found: readonly { qualifiedName: string }[]): string[] => found.map((q) => q.qualifiedName);

describe('flattenOutline', () => {
  it('lists parents before their children, each level in source order, with qualified names and depths', () => {
    const flat = flattenOutline(outline());
    expect(flat.map((q) => [q.qualifiedName, q.depth])).toEqual([
      ['add', 0],
      ['Calculator', 0],
      ['Calculator.add', 1],
      ['Calculator.constructor', 1],
      ['Outer', 0],
      ['Outer.Inner', 1],
      ['Outer.Inner.method', 2],
      ['default', 0],
      ['default.run', 1],
    ]);
  });

  it('returns nothing for an empty outline', () => {
    expect(flattenOutline([])).toEqual([]);
  });
});

describe('matchSymbolName', () => {
  const flat = flattenOutline(outline());

  it('prefers an exact qualified name over a trailing-segments match', () => {
    expect(names(matchSymbolName(flat, 'add'))).toEqual(['add']);
    expect(names(matchSymbolName(flat, 'Calculator.add'))).toEqual(['Calculator.add']);
  });

  it('matches trailing segments when no qualified name is exact', () => {
    expect(names(matchSymbolName(flat, 'method'))).toEqual(['Outer.Inner.method']);
    expect(names(matchSymbolName(flat, 'Inner.method'))).toEqual(['Outer.Inner.method']);
    expect(names(matchSymbolName(flat, 'run'))).toEqual(['default.run']);
  });

  it('matches whole segments, never the tail of a name', () => {
    expect(matchSymbolName(flat, 'dd')).toEqual([]);
    expect(matchSymbolName(flat, 'r.method')).toEqual([]);
    expect(matchSymbolName(flat, 'ethod')).toEqual([]);
  });

  it('is case-sensitive', () => {
    expect(matchSymbolName(flat, 'calculator')).toEqual([]);
  });

  it('returns every symbol a trailing match names', () => {
    const twice = flattenOutline([
      entry('class', 'Calculator', CLASS_DECL, [entry('method', 'add', METHOD_DECL)]),
      entry('class', 'default', DEFAULT_DECL, [entry('method', 'add', 'run() {}')], true),
    ]);
    expect(names(matchSymbolName(twice, 'add'))).toEqual(['Calculator.add', 'default.add']);
  });
});

describe('symbolNamedAt', () => {
  const flat = flattenOutline(outline());
  const at = (offset: number): string | undefined => symbolNamedAt(flat, offset)?.qualifiedName;

  it('finds the symbol whose name holds the offset, from its first to its last character', () => {
    const method = CALC_TS.indexOf(METHOD_DECL);
    expect(at(method)).toBe('Calculator.add');
    expect(at(method + 'add'.length - 1)).toBe('Calculator.add');
    expect(at(CALC_TS.indexOf('Calculator'))).toBe('Calculator');
  });

  it('prefers the deepest symbol when a nameless parent spans a child name', () => {
    expect(at(CALC_TS.indexOf('run()'))).toBe('default.run');
    expect(at(CALC_TS.indexOf(DEFAULT_DECL))).toBe('default');
  });

  it('finds a nameless symbol anywhere in its declaration', () => {
    expect(at(CALC_TS.indexOf(CTOR_DECL) + CTOR_DECL.length - 1)).toBe('Calculator.constructor');
  });

  it('falls back to the symbol that starts at the offset', () => {
    expect(at(CALC_TS.indexOf(ADD_DECL))).toBe('add');
    expect(at(CALC_TS.indexOf(INNER_DECL))).toBe('Outer.Inner.method');
  });

  it('finds nothing between declarations', () => {
    expect(at(CALC_TS.indexOf('return a + b'))).toBeUndefined();
  });
});

describe('closestSymbols', () => {
  const flat = flattenOutline(outline());

  it('suggests Calculator for a misspelt Calculater', () => {
    expect(names(closestSymbols(flat, 'Calculater', 5))[0]).toBe('Calculator');
  });

  it('compares the last segment of a qualified name with the own names', () => {
    expect(names(closestSymbols(flat, 'Calculator.ad', 5))).toContain('Calculator.add');
    expect(names(closestSymbols(flat, 'Outer.Inner.methd', 5))[0]).toBe('Outer.Inner.method');
  });

  it('suggests nothing for a name unlike every symbol', () => {
    expect(closestSymbols(flat, 'zzzzzzzzzzzzzz', 5)).toEqual([]);
  });

  it('returns at most `count` symbols', () => {
    expect(closestSymbols(flat, 'ad', 1)).toHaveLength(1);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('Calculater', 'Calculator')).toBe(1);
    expect(editDistance('add', 'ad')).toBe(1);
  });

  it('is the other length against an empty string and 0 for equal strings', () => {
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('is symmetric', () => {
    expect(editDistance('flaw', 'lawn')).toBe(editDistance('lawn', 'flaw'));
  });
});

describe('isLocalDeclaration', () => {
  it('is a constant or variable inside a function, method, class member or initializer', () => {
    for (const parent of ['function', 'method', 'constructor', 'property', 'constant', 'variable'] as const) {
      expect(isLocalDeclaration('constant', parent), parent).toBe(true);
      expect(isLocalDeclaration('variable', parent), parent).toBe(true);
    }
  });

  it('is not a declaration at the top of a file or namespace, nor one of another kind', () => {
    expect(isLocalDeclaration('constant', undefined)).toBe(false);
    expect(isLocalDeclaration('variable', 'namespace')).toBe(false);
    expect(isLocalDeclaration('constant', 'module')).toBe(false);
    expect(isLocalDeclaration('function', 'function')).toBe(false);
    expect(isLocalDeclaration('property', 'constant')).toBe(false);
  });
});

describe('pruneOutline', () => {
  const leaf = (kind: SymbolKind, name: string, line: number): DocumentSymbolItem => ({ name, kind, line, column: 1, endLine: line });
  const tree: DocumentSymbolItem[] = [
    { ...leaf('class', 'A', 1), endLine: 9, children: [{ ...leaf('method', 'm', 2), endLine: 5, children: [leaf('constant', 'x', 3)] }] },
    leaf('function', 'f', 10),
  ];

  it('keeps everything at depth 100 with no kinds', () => {
    expect(pruneOutline(tree, 100, new Set())).toEqual(tree);
  });

  it('drops the levels below depth', () => {
    expect(pruneOutline(tree, 2, new Set())).toEqual([
      { ...leaf('class', 'A', 1), endLine: 9, children: [{ ...leaf('method', 'm', 2), endLine: 5 }] },
      leaf('function', 'f', 10),
    ]);
  });

  it('keeps the kinds asked for with their ancestors, and the descendants of those kinds that match', () => {
    expect(pruneOutline(tree, 100, new Set<SymbolKind>(['constant']))).toEqual([
      { ...leaf('class', 'A', 1), endLine: 9, children: [{ ...leaf('method', 'm', 2), endLine: 5, children: [leaf('constant', 'x', 3)] }] },
    ]);
    expect(pruneOutline(tree, 100, new Set<SymbolKind>(['method']))).toEqual([
      { ...leaf('class', 'A', 1), endLine: 9, children: [{ ...leaf('method', 'm', 2), endLine: 5 }] },
    ]);
  });
});
