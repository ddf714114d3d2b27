import type { OutlineSymbol } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT as ts } from '@mcp-lsp-bridge/ts-syntax';
import type { SourceFile } from 'typescript';
import { describe, expect, it } from 'vitest';
import { TsWorkspace } from '../src/ts-workspace.js';
import { TempDir } from './temp-dir.js';

const FILES: Record<string, string> = {
  'src/shapes.ts': [
    'export interface Shape { area(): number }',
    'export class Circle implements Shape {',
    '  constructor(private readonly r: number) {}',
    '  area(): number { const twice = () => 2; return Math.PI * this.r * twice(); }',
    '  get radius() { return this.r; }',
    '}',
    'export namespace Shapes { export const unit = new Circle(1); }',
    'export default function make(r: number): Shape { return new Circle(r); }',
    '',
  ].join('\n'),
  'src/legacy.js': [
    '/** @typedef {{ x: number }} Point */',
    'function add(a, b) { return a + b; }',
    'module.exports = { add, sub(a, b) { return a - b; } };',
    'exports.PI = 3.14;',
    '',
  ].join('\n'),
};

function outlineOf(workspace: TsWorkspace, file: string, parsed?: () => SourceFile | undefined): readonly OutlineSymbol[] {
  const fresh = TsWorkspace.standalone({ maxFileBytes: 1_000_000 });
  try {
    return (parsed === undefined ? fresh : workspace).outline(file, parsed);
  } finally {
    fresh.dispose();
  }
}

describe('an outline built from the syntax tree a program already holds', () => {
  it('is the outline of a parse of its own, for TypeScript and for JavaScript with JSDoc types and CommonJS exports', () => {
    using dir = new TempDir();
    const files = Object.entries(FILES).map(([name, text]) => dir.write(name, text));
    const program = ts.createProgram(files, { allowJs: true, checkJs: true, noEmit: true });
    // Bound, as a warm project's program is: the binder sets the parent of every node.
    program.getTypeChecker();
    for (const file of files) {
      const workspace = TsWorkspace.standalone({ maxFileBytes: 1_000_000 });
      try {
        const sourceFile = program.getSourceFile(file);
        expect(sourceFile).toBeDefined();
        let asked = 0;
        const fromProgram = workspace.outline(file, () => {
          asked++;
          return sourceFile;
        });
        expect(asked).toBe(1);
        expect(fromProgram).toEqual(outlineOf(workspace, file));
      } finally {
        workspace.dispose();
      }
    }
  });

  it('is not taken from a tree of another text: the file on disk is what an outline describes', () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export function before() {}\n');
    const stale = ts.createSourceFile(file, 'export function before() {}\n', ts.ScriptTarget.Latest, true);
    dir.write('src/a.ts', 'export function after() {}\n');
    const workspace = TsWorkspace.standalone({ maxFileBytes: 1_000_000 });
    try {
      expect(workspace.outline(file, () => stale).map((s) => s.name)).toEqual(['after']);
    } finally {
      workspace.dispose();
    }
  });
});
