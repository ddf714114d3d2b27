import type { OutlineSymbol } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { withCommonJsExports } from '../src/syntax/commonjs-outline.js';
import { SyntaxCache } from '../src/syntax/syntax-cache.js';
import { TsWorkspace } from '../src/ts-workspace.js';
import { outlineShape } from './outline-shape.js';
import { TempDir } from './temp-dir.js';

const MODULE = [
  'function add(a, b) { return a + b; }',
  'module.exports = { add, sub(a, b) { function inner() {} return a - b; } };',
  'exports.mul = function mul(a, b) { return a * b; };',
  'module.exports.Point = class Point { norm() { return 1; } };',
  'exports.PI = 3.14;',
  '',
].join('\n');

const shape = (symbols: readonly OutlineSymbol[]): string[] => outlineShape(symbols, true);

/** What the outline must be, from the text alone. */
function expected(): string[] {
  const at = (snippet: string): number => MODULE.indexOf(snippet);
  return [
    `add function @${String(at('add(a'))}`,
    `module.exports constant @${String(at('module.exports = {'))}`,
    `module.exports.add property @${String(at('add, sub'))}`,
    `module.exports.sub method @${String(at('sub('))}`,
    `module.exports.sub.inner function @${String(at('inner'))}`,
    `mul function @${String(at('mul = '))}`,
    `Point class @${String(at('Point = '))}`,
    `Point.norm method @${String(at('norm'))}`,
    `PI constant @${String(at('PI'))}`,
  ];
}

describe('CommonJS exports in an outline', () => {
  it("names TypeScript's navigation tree's `<unknown>` module.exports and lists each `exports.x = …` once", () => {
    using dir = new TempDir();
    const file = dir.write('lib/math.js', MODULE);
    const workspace = TsWorkspace.standalone({ maxFileBytes: 1_000_000 });
    try {
      expect(shape(workspace.outline(file))).toEqual(expected());
    } finally {
      workspace.dispose();
    }
  });

  it('gives the same outline from a service that hoisted the members, or listed none of the exports', () => {
    using dir = new TempDir();
    const file = dir.write('lib/math.js', MODULE);
    const workspace = TsWorkspace.standalone({ maxFileBytes: 1_000_000 });
    let navigationTree: readonly OutlineSymbol[];
    try {
      navigationTree = workspace.outline(file);
    } finally {
      workspace.dispose();
    }
    const sourceFile = new SyntaxCache().get(file, MODULE);
    // typescript-language-server's placeholder dropped with its members hoisted (what the LSP backend makes of it).
    const hoisted = navigationTree.flatMap((s) => (s.name === 'module.exports' ? s.children : [s]));
    // A server that lists the declared functions only (TypeScript 7's lists some exports and not others).
    const functionsOnly = navigationTree.filter((s) => s.name === 'add');
    expect(shape(withCommonJsExports(sourceFile, hoisted))).toEqual(expected());
    expect(shape(withCommonJsExports(sourceFile, functionsOnly))).toEqual(
      expected().filter((line) => !/^(module\.exports\.sub\.inner|Point\.norm) /.test(line)),
    );
  });

  it('leaves a TypeScript file and a file without exports as they are', () => {
    const outline: OutlineSymbol[] = [{ name: 'x', kind: 'constant', start: 0, length: 5, nameStart: 0, nameLength: 1, children: [] }];
    expect(withCommonJsExports(new SyntaxCache().get('/w/a.ts', 'module.exports = { x };\n'), outline)).toEqual(outline);
    expect(withCommonJsExports(new SyntaxCache().get('/w/a.js', 'const x = 1;\n'), outline)).toEqual(outline);
  });
});
