import type { CallItem } from '@mcp-lsp-bridge/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspSymbolIndex, tsgoServer } from '../src/index.js';
import { at, byPosition, CALCULATOR, CALLS, CIRCLE, MAIN, navigationWorkspace, shape, SHAPES, TOOLS } from './navigation-fixtures.js';

/** The same workspace over TypeScript 7's native server: what it answers, where it differs. */
describe('navigation over tsgo', () => {
  const { dir, calculator, shapes, circle, calls, main, tools, module } = navigationWorkspace();
  const index = new LspSymbolIndex({ profile: tsgoServer });
  const scope = dir.scope();

  beforeAll(async () => {
    await index.hover(scope, { path: main, offset: 0 });
  });

  afterAll(async () => {
    await index.dispose();
    dir[Symbol.dispose]();
  });

  it('outlines in source order with the kinds typescript-language-server gives the same file (navigation.test.ts)', async () => {
    const symbols = await index.outline(scope, calculator);
    expect(shape(symbols)).toEqual([
      ['class Calculator', ['property total', 'constructor constructor', 'property label', 'method add', 'method value']],
      ['module Geometry', ['constant pi', 'function area']],
      'function parse',
      'function parse',
      'function parse',
    ]);
    expect(symbols.slice(2).map((s) => s.nameStart)).toEqual([1, 2, 3].map((n) => at(CALCULATOR, 'parse(text', n)));
    const constructor = symbols[0]?.children[1];
    expect(constructor).toMatchObject({ nameStart: constructor?.start, nameLength: constructor?.length });
    // tsgo lists import and export aliases; they are left out as typescript-language-server does.
    expect(shape(await index.outline(scope, module))).toEqual(['function setup', 'constant made']);
  });

  it('answers hover, implementations and a search over both projects as typescript-language-server does', async () => {
    const hover = await index.hover(scope, { path: calculator, offset: at(CALCULATOR, 'Calculator {') });
    expect(hover).toEqual({ signature: 'class Calculator', documentation: 'Adds and multiplies.' });
    const implementations = await index.implementations(scope, { path: shapes, offset: at(SHAPES, 'Shape {') });
    expect([...implementations].sort(byPosition)).toEqual(
      [
        { path: circle, start: at(CIRCLE, 'Circle'), length: 'Circle'.length },
        { path: shapes, start: at(SHAPES, 'Square'), length: 'Square'.length },
      ].sort(byPosition),
    );
    const matches = await index.searchSymbols(scope, 'square', 50);
    expect(matches[0]).toMatchObject({
      name: 'Square',
      path: shapes,
      start: at(SHAPES, 'Square'),
      length: 'Square'.length,
      place: 'exported',
    });
    expect(matches.find((m) => m.name === 'squareRoot')).toMatchObject({ kind: 'function', path: tools, start: at(TOOLS, 'squareRoot') });
    expect(matches).toHaveLength(3);
  });

  it('walks the call hierarchy both ways, module-level callers named by their file', async () => {
    const [total] = await index.callItems(scope, { path: calls, offset: at(CALLS, 'total(values') });
    const incoming = await index.incomingCalls(scope, total as CallItem);
    expect(incoming.map((edge) => `${edge.item.kind} ${edge.item.name}`).sort()).toEqual(['function twice', 'module main.ts']);
    expect(incoming.find((edge) => edge.item.name === 'main.ts')?.sites).toEqual([
      { path: main, start: at(MAIN, 'total(['), length: 'total'.length },
    ]);
    const outgoing = await index.outgoingCalls(scope, total as CallItem);
    expect(outgoing.find((edge) => edge.item.name === 'add')?.sites).toEqual([{ path: calls, start: at(CALLS, 'add(v)'), length: 3 }]);
  });
});
