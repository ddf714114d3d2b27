import { ErrorCode, bridgeErrorOf, type CallItem } from '@mcp-lsp-bridge/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customServer, LspSymbolIndex, typescriptLanguageServer } from '../src/index.js';
import { CRASHING_SERVER, TempDir } from './fixtures.js';
import {
  at,
  byPosition,
  CALCULATOR,
  CALLS,
  CIRCLE,
  MAIN,
  MODULE,
  navigationWorkspace,
  shape,
  SHAPES,
  spanTo,
  TOOLS,
} from './navigation-fixtures.js';

describe('navigation over typescript-language-server', () => {
  const { dir, calculator, shapes, circle, calls, main, tools, module } = navigationWorkspace();
  const index = new LspSymbolIndex({ profile: typescriptLanguageServer });
  const scope = dir.scope();

  beforeAll(async () => {
    // The server starts once for the suite, here rather than in the first test.
    await index.hover(scope, { path: main, offset: 0 });
  });

  afterAll(async () => {
    await index.dispose();
    dir[Symbol.dispose]();
  });

  it('outlines a file as a tree in source order: class members, a namespace, every overload', async () => {
    const symbols = await index.outline(scope, calculator);
    expect(shape(symbols)).toEqual([
      ['class Calculator', ['property total', 'constructor constructor', 'property label', 'method add', 'method value']],
      ['module Geometry', ['constant pi', 'function area']],
      'function parse',
      'function parse',
      'function parse',
    ]);
    const [klass, namespace, ...overloads] = symbols;
    const classStart = at(CALCULATOR, 'export class Calculator');
    expect(klass).toMatchObject({
      start: classStart,
      length: spanTo(CALCULATOR, classStart, '\n}'),
      nameStart: at(CALCULATOR, 'Calculator {'),
      nameLength: 'Calculator'.length,
    });
    const add = klass?.children.find((s) => s.name === 'add');
    const addStart = at(CALCULATOR, 'add(a: number)');
    expect(add).toMatchObject({ start: addStart, length: spanTo(CALCULATOR, addStart, '  }'), nameStart: addStart, nameLength: 3 });
    const constructorStart = at(CALCULATOR, 'constructor(');
    const constructor = klass?.children.find((s) => s.kind === 'constructor');
    expect(constructor).toMatchObject({
      start: constructorStart,
      nameStart: constructorStart,
      nameLength: spanTo(CALCULATOR, constructorStart, '{}'),
    });
    expect(namespace).toMatchObject({
      start: at(CALCULATOR, 'export namespace'),
      nameStart: at(CALCULATOR, 'Geometry {'),
      nameLength: 'Geometry'.length,
    });
    expect(namespace?.children.map((s) => s.nameStart)).toEqual([at(CALCULATOR, 'pi ='), at(CALCULATOR, 'area(r')]);
    expect(overloads.map((s) => [s.start, s.nameStart, s.nameLength])).toEqual(
      [1, 2, 3].map((n) => [at(CALCULATOR, 'export function parse', n), at(CALCULATOR, 'parse(text', n), 'parse'.length]),
    );
  });

  it('leaves import and export aliases out of an outline and lifts what anonymous functions declare', async () => {
    const symbols = await index.outline(scope, module);
    expect(shape(symbols)).toEqual(['function setup', 'constant made']);
    expect(symbols.map((s) => s.nameStart)).toEqual([at(MODULE, 'setup('), at(MODULE, 'made')]);
  });

  it('splits a hover into the signature and the documentation with its tags', async () => {
    const hover = await index.hover(scope, { path: calculator, offset: at(CALCULATOR, 'add(a: number)') });
    expect(hover?.signature).toBe('(method) Calculator.add(a: number): number');
    expect(hover?.documentation).toMatch(/^Adds `a` to the total\./);
    expect(hover?.documentation).toContain('the amount to add');
    const classHover = await index.hover(scope, { path: calculator, offset: at(CALCULATOR, 'Calculator {') });
    expect(classHover).toEqual({ signature: 'class Calculator', documentation: 'Adds and multiplies.' });
    expect(await index.hover(scope, { path: calculator, offset: at(CALCULATOR, 'π ≈') })).toBeUndefined();
  });

  it('finds the implementations of an interface and of its member across files, as their names', async () => {
    const ofInterface = await index.implementations(scope, { path: shapes, offset: at(SHAPES, 'Shape {') });
    expect([...ofInterface].sort(byPosition)).toEqual(
      [
        { path: circle, start: at(CIRCLE, 'Circle'), length: 'Circle'.length },
        { path: shapes, start: at(SHAPES, 'Square'), length: 'Square'.length },
      ].sort(byPosition),
    );
    const ofMember = await index.implementations(scope, { path: shapes, offset: at(SHAPES, 'area()') });
    expect([...ofMember].sort(byPosition)).toEqual(
      [
        { path: circle, start: at(CIRCLE, 'area()'), length: 4 },
        { path: shapes, start: at(SHAPES, 'area()', 2), length: 4 },
      ].sort(byPosition),
    );
  });

  it('searches the symbols of every project of the workspace, names as spans (the domain ranks them)', async () => {
    const matches = await index.searchSymbols(scope, 'square', 50);
    expect(matches.find((m) => m.name === 'Square')).toMatchObject({
      name: 'Square',
      kind: 'class',
      path: shapes,
      start: at(SHAPES, 'Square'),
      length: 'Square'.length,
    });
    expect(matches.map((m) => `${m.name} ${m.kind}`).sort()).toEqual(['Square class', 'SquareTool class', 'squareRoot function']);
    expect(matches.find((m) => m.name === 'squareRoot')).toMatchObject({
      path: tools,
      start: at(TOOLS, 'squareRoot'),
      length: 'squareRoot'.length,
    });

    const areas = await index.searchSymbols(scope, 'area', 50);
    const containers = areas.filter((m) => m.name === 'area').map((m) => m.containerName ?? '');
    expect(containers.sort()).toEqual(['Circle', 'Geometry', 'Shape', 'Square', 'SquareTool']);
    const ofSquare = areas.find((m) => m.containerName === 'Square');
    expect(ofSquare).toMatchObject({ kind: 'method', path: shapes, start: at(SHAPES, 'area()', 2), length: 4 });
    expect(await index.searchSymbols(scope, 'area', 2)).toHaveLength(2);
  });

  it('tells where each match sits: exported, top-level, member, local or a re-export', async () => {
    const place = async (query: string, name: string): Promise<string | undefined> =>
      (await index.searchSymbols(scope, query, 50)).find((m) => m.name === name)?.place;
    expect(await place('square', 'Square')).toBe('exported');
    expect(await place('helper', 'helper')).toBe('top-level');
    expect((await index.searchSymbols(scope, 'area', 50)).filter((m) => m.name === 'area' && m.containerName === 'Square')).toEqual([
      expect.objectContaining({ place: 'member' }),
    ]);
    expect(await place('setup', 'setup')).toBe('local');
    const calc = (await index.searchSymbols(scope, 'Calc', 50)).find((m) => m.name === 'Calc');
    expect(calc).toMatchObject({ path: module, start: at(MODULE, 'Calc }'), place: 'alias' });
  });

  it('prepares call items and lists incoming calls with sites in the caller file', async () => {
    const [helper, ...more] = await index.callItems(scope, { path: calls, offset: at(CALLS, 'helper(n') });
    expect(more).toEqual([]);
    const helperStart = at(CALLS, 'function helper');
    expect(helper).toEqual({
      name: 'helper',
      kind: 'function',
      path: calls,
      start: helperStart,
      length: spanTo(CALLS, helperStart, '\n}'),
      nameStart: at(CALLS, 'helper(n'),
      nameLength: 'helper'.length,
    });
    const [totalItem] = await index.callItems(scope, { path: calls, offset: at(CALLS, 'total(values') });
    const incoming = await index.incomingCalls(scope, totalItem as CallItem);
    const byCaller = Object.fromEntries(incoming.map((edge) => [`${edge.item.kind} ${edge.item.name}`, edge]));
    expect(Object.keys(byCaller).sort()).toEqual(['function twice', 'module main.ts']);
    expect(byCaller['function twice']?.item).toMatchObject({ path: calls, nameStart: at(CALLS, 'twice') });
    expect(byCaller['function twice']?.sites).toEqual(
      [1, 2].map((n) => ({ path: calls, start: at(CALLS, 'total([', n), length: 'total'.length })),
    );
    expect(byCaller['module main.ts']?.sites).toEqual([{ path: main, start: at(MAIN, 'total(['), length: 'total'.length }]);
    expect(await index.callItems(scope, { path: shapes, offset: at(SHAPES, 'Shape {') })).toEqual([]);
  });

  it('lists outgoing calls with sites in the calling function file', async () => {
    const [totalItem] = await index.callItems(scope, { path: calls, offset: at(CALLS, 'total(values') });
    const outgoing = await index.outgoingCalls(scope, totalItem as CallItem);
    const add = outgoing.find((edge) => edge.item.name === 'add');
    expect(add?.item).toMatchObject({ kind: 'method', path: calculator, nameStart: at(CALCULATOR, 'add(a: number)') });
    expect(add?.sites).toEqual([{ path: calls, start: at(CALLS, 'add(v)'), length: 3 }]);
    const helper = outgoing.find((edge) => edge.item.name === 'helper');
    expect(helper?.sites).toEqual([{ path: calls, start: at(CALLS, 'helper(calc'), length: 'helper'.length }]);
  });
});

describe('navigation over a server without the capabilities', () => {
  it('refuses each request with LANGUAGE_SERVER_ERROR naming what the server lacks', async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export function a(): void {}\n');
    const script = dir.write('bare.cjs', CRASHING_SERVER);
    const index = new LspSymbolIndex({ profile: customServer([process.execPath, script]), requestTimeoutMs: 10_000 });
    const scope = dir.scope();
    const item: CallItem = { name: 'a', kind: 'function', path: file, start: 0, length: 28, nameStart: 16, nameLength: 1 };
    try {
      const calls: [string, () => Promise<unknown>][] = [
        ['textDocument/documentSymbol', () => index.outline(scope, file)],
        ['textDocument/hover', () => index.hover(scope, { path: file, offset: 16 })],
        ['textDocument/implementation', () => index.implementations(scope, { path: file, offset: 16 })],
        ['workspace/symbol', () => index.searchSymbols(scope, 'a', 10)],
        ['textDocument/prepareCallHierarchy', () => index.callItems(scope, { path: file, offset: 16 })],
        ['callHierarchy/incomingCalls', () => index.incomingCalls(scope, item)],
        ['callHierarchy/outgoingCalls', () => index.outgoingCalls(scope, item)],
      ];
      for (const [method, call] of calls) {
        const error = bridgeErrorOf(await call().catch((thrown: unknown) => thrown));
        expect(error?.code, method).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
        expect(error?.message, method).toContain(`does not support ${method}`);
      }
    } finally {
      await index.dispose();
    }
  });
});
