import { describe, expect, it } from 'vitest';
import { SYMBOL_KINDS } from '../../src/model/symbols.js';
import { NODE_ID_EXAMPLE, formatNodeId, isAddressableName, nodeIdOf, parseNodeId, type NodeIdParts } from '../../src/rules/node-ids.js';

function problemOf(text: string): string {
  const parsed = parseNodeId(text);
  if (!('problem' in parsed)) throw new Error(`expected "${text}" to be refused, got ${JSON.stringify(parsed)}`);
  return parsed.problem;
}

describe('formatNodeId and parseNodeId', () => {
  it('writes kind, path and qualified name separated by colons', () => {
    expect(formatNodeId({ kind: 'method', path: 'src/Calculator.ts', qualifiedName: 'Calculator.add' })).toBe(
      'method:src/Calculator.ts:Calculator.add',
    );
  });

  it('reads back every part it wrote, for every kind', () => {
    for (const kind of SYMBOL_KINDS) {
      const parts: NodeIdParts = { kind, path: 'src/deep/dir/file.tsx', qualifiedName: 'Outer.Inner.member' };
      expect(parseNodeId(formatNodeId(parts))).toEqual(parts);
    }
  });

  it('parses its own example', () => {
    expect(parseNodeId(NODE_ID_EXAMPLE)).toEqual({ kind: 'method', path: 'src/Calculator.ts', qualifiedName: 'Calculator.add' });
  });

  it('keeps colons in the path: the kind ends at the first colon, the name starts after the last', () => {
    const parts: NodeIdParts = { kind: 'function', path: 'src/a:b/c:d.ts', qualifiedName: 'run' };
    expect(parseNodeId(formatNodeId(parts))).toEqual(parts);
  });

  it('accepts names that are not identifiers, such as default and constructor', () => {
    expect(parseNodeId('function:src/index.ts:default')).toEqual({ kind: 'function', path: 'src/index.ts', qualifiedName: 'default' });
    expect(parseNodeId('constructor:src/a.ts:A.constructor')).toEqual({
      kind: 'constructor',
      path: 'src/a.ts',
      qualifiedName: 'A.constructor',
    });
  });

  it('refuses an unknown kind and lists the known ones', () => {
    const problem = problemOf('klass:src/a.ts:A');
    expect(problem).toContain('"klass"');
    expect(problem).toContain('enumMember');
  });

  it('refuses kinds in another case than LSP names them', () => {
    expect(problemOf('Method:src/a.ts:A.m')).toContain('"Method"');
  });

  it('refuses text without the three parts and shows an example', () => {
    for (const text of ['Calculator.add', 'method:Calculator.add', '']) {
      expect(problemOf(text)).toContain(NODE_ID_EXAMPLE);
    }
  });

  it('refuses an empty or blank path', () => {
    expect(problemOf('method::A.m')).toContain('no file path');
    expect(problemOf('method: :A.m')).toContain('no file path');
  });

  it('refuses an empty qualified name or an empty segment in it', () => {
    for (const text of ['method:src/a.ts:', 'method:src/a.ts:A..m', 'method:src/a.ts:.m', 'method:src/a.ts:A.']) {
      expect(problemOf(text)).toContain('qualified name');
    }
  });
});

describe('nodeIdOf', () => {
  it('gives a node id to named declarations, computed and string-named members included', () => {
    expect(nodeIdOf({ kind: 'method', path: 'src/a.ts', qualifiedName: 'A.[Symbol.iterator]' })).toBe(
      'method:src/a.ts:A.[Symbol.iterator]',
    );
    expect(nodeIdOf({ kind: 'function', path: 'src/a.ts', qualifiedName: 'default' })).toBe('function:src/a.ts:default');
  });

  it.each(['<function>', 'items.map() callback', 'subscribe.errorContext() callback', 'Outer.<class>.run', 'a:b', 'two words'])(
    'gives none to "%s", which could not be parsed back to it',
    (qualifiedName) => {
      expect(isAddressableName(qualifiedName)).toBe(false);
      expect(nodeIdOf({ kind: 'function', path: 'src/a.ts', qualifiedName })).toBeUndefined();
    },
  );

  it('gives ids that parse back to the same parts', () => {
    const parts: NodeIdParts = { kind: 'property', path: 'src/a.ts', qualifiedName: 'Config.port' };
    const id = nodeIdOf(parts);
    expect(id === undefined ? undefined : parseNodeId(id)).toEqual(parts);
  });
});
