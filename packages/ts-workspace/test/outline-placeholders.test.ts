import type { OutlineSymbol } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { TsWorkspace } from '../src/ts-workspace.js';
import { outlineShape } from './outline-shape.js';
import { TempDir } from './temp-dir.js';

const SOURCE = [
  'const a = { b: { c: 1 } };',
  'export const spread = { ...a.b, d: 1, ...a };',
  '(() => { const w = 1; return w; })();',
  'export function outer() { return { ...a.b.c, e: 2 }; }',
  '',
].join('\n');

const shape = (symbols: readonly OutlineSymbol[]): string[] => outlineShape(symbols, false);

describe('an outline without the items the navigation tree cannot name', () => {
  it('leaves out `<unknown>` (a spread of `a.b`) and puts what a `<function>` holds in its place', () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', SOURCE);
    const workspace = TsWorkspace.standalone({ maxFileBytes: 1_000_000 });
    const at = (snippet: string, from = 0): number => SOURCE.indexOf(snippet, from);
    try {
      expect(shape(workspace.outline(file))).toEqual([
        `a @${String(at('a = '))}`,
        `a.b @${String(at('b: '))}`,
        `a.b.c @${String(at('c: '))}`,
        `spread @${String(at('spread'))}`,
        `spread.d @${String(at('d: '))}`,
        `spread.a @${String(at('a }', at('spread')))}`,
        `w @${String(at('w = '))}`,
        `outer @${String(at('outer'))}`,
        `outer.e @${String(at('e: '))}`,
      ]);
    } finally {
      workspace.dispose();
    }
  });
});
