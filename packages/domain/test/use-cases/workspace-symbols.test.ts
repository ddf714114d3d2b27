import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { WorkspaceSymbolsInput } from '../../src/model/inputs.js';
import { MAX_NAME_LENGTH } from '../../src/rules/answer-size.js';
import { INPUT_BOUNDS } from '../../src/rules/input-bounds.js';

const DEFAULT_WORKSPACE_SYMBOL_LIMIT = INPUT_BOUNDS.workspaceSymbolLimit.default;
import type { WorkspaceSymbolItem } from '../../src/model/results.js';
import type { SymbolKind } from '../../src/model/symbols.js';
import type { SymbolMatch } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { between, outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';
import { MAX_SYMBOL_CANDIDATES, workspaceSymbols } from '../../src/use-cases/workspace-symbols.js';
import type { DeclarationPlace } from '../../src/model/symbols.js';

const CONFIG_TS = 'export function parseConfig(text: string) {\n  return text;\n}\n\nexport function parse() {}\n';
const B_TS = 'export class Parse {\n  run() {}\n}\nexport const reparse = 1;\n';
const Z_TS = 'export function parse() {}\n';
const P_TS = 'export const pxaxrxsxe = 0;\n';
const DEP_TS = 'export function parse() {}\n';
const DTS = 'declare function parse(): void;\n';

interface Fixture {
  readonly path: string;
  readonly text: string;
}

/** `parse` alone, not the start of `parseConfig`. */
const whole = (name: string): RegExp => new RegExp(`(?<![\\w$])${name}(?![\\w$])`);

/** Where the whole word `name` first is in `text`. */
function wordAt(text: string, name: string): { offset: number; line: number; column: number } {
  const offset = whole(name).exec(text)?.index;
  if (offset === undefined) throw new Error(`"${name}" is not a word of the fixture`);
  const before = text.slice(0, offset).split('\n');
  return { offset, line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

function match(file: Fixture, name: string, kind: SymbolKind, containerName?: string): SymbolMatch {
  return {
    name,
    kind,
    path: file.path,
    start: wordAt(file.text, name).offset,
    length: name.length,
    ...(containerName === undefined ? {} : { containerName }),
  };
}

function expected(
  filePath: string,
  text: string,
  name: string,
  kind: SymbolKind,
  extra: Partial<WorkspaceSymbolItem> = {},
): WorkspaceSymbolItem {
  const at = wordAt(text, name);
  return { name, kind, filePath, line: at.line, column: at.column, ...extra };
}

function workspace(): Workspace {
  const ws = new Workspace();
  const config = { path: ws.file('src/config/parse.ts', CONFIG_TS), text: CONFIG_TS };
  const b = { path: ws.file('src/b.ts', B_TS), text: B_TS };
  const z = { path: ws.file('src/z.ts', Z_TS), text: Z_TS };
  const p = { path: ws.file('src/p.ts', P_TS), text: P_TS };
  const dep = { path: ws.file('node_modules/dep/index.ts', DEP_TS), text: DEP_TS };
  const dts = { path: ws.file('types/env.d.ts', DTS), text: DTS };
  const outside = { path: ws.file('/w/other/parse.ts', Z_TS), text: Z_TS };
  ws.symbols.outlines.set(config.path, [
    outlineEntry(CONFIG_TS, 'function', 'parseConfig', between(CONFIG_TS, 'export function parseConfig', '\n}')),
    outlineEntry(CONFIG_TS, 'function', 'parse', 'export function parse() {}'),
  ]);
  // Given in no useful order, with matches the domain must drop or rank.
  ws.symbols.searchable = [
    match(p, 'pxaxrxsxe', 'constant'),
    match(dep, 'parse', 'function'),
    match(b, 'reparse', 'constant'),
    match(z, 'parse', 'function', ''),
    match(dts, 'parse', 'function'),
    match(config, 'parseConfig', 'function'),
    match(outside, 'parse', 'function'),
    match(b, 'Parse', 'class'),
    match(config, 'parse', 'function'),
    match(b, 'run', 'method', 'Parse'),
  ];
  return ws;
}

function search(ws: Workspace, input: Partial<WorkspaceSymbolsInput>): ReturnType<typeof workspaceSymbols> {
  return workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query: 'parse', ...input }, neverAborted);
}

describe('workspaceSymbols', () => {
  it('ranks exact, case-insensitive exact, prefix, substring and fuzzy matches; ties by path', async () => {
    const result = successOf(await search(workspace(), {}));
    expect(result).toEqual({
      success: true,
      query: 'parse',
      symbols: [
        expected('src/config/parse.ts', CONFIG_TS, 'parse', 'function', { nodeId: 'function:src/config/parse.ts:parse' }),
        expected('src/z.ts', Z_TS, 'parse', 'function'),
        expected('src/b.ts', B_TS, 'Parse', 'class'),
        expected('src/config/parse.ts', CONFIG_TS, 'parseConfig', 'function', { nodeId: 'function:src/config/parse.ts:parseConfig' }),
        expected('src/b.ts', B_TS, 'reparse', 'constant'),
        expected('src/p.ts', P_TS, 'pxaxrxsxe', 'constant'),
      ],
      totalCount: 6,
      truncated: false,
    });
  });

  it('ties by line within a file', async () => {
    const ws = new Workspace();
    const TEXT = 'export const b = { load: 1 };\nexport const a = { load: 2 };\n';
    const path = ws.file('src/loads.ts', TEXT);
    ws.symbols.searchable = [1, 0].map((nth) => ({
      name: 'load',
      kind: 'property',
      path,
      start: locate(TEXT, 'load', nth).offset,
      length: 4,
    }));
    const result = successOf(await workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query: 'load' }, neverAborted));
    expect(result.symbols.map((s) => s.line)).toEqual([locate(TEXT, 'load', 0).line, locate(TEXT, 'load', 1).line]);
  });

  it('leaves out node_modules, declaration files and files outside the workspace', async () => {
    const result = successOf(await search(workspace(), { query: 'parse' }));
    const paths = result.symbols.map((s) => s.filePath);
    expect(paths.every((p) => p.startsWith('src/'))).toBe(true);
    expect(paths).not.toContain('types/env.d.ts');
  });

  it('echoes a query longer than a name cut to MAX_NAME_LENGTH with an ellipsis (found by the fuzz test)', async () => {
    const result = successOf(await search(workspace(), { query: 'y'.repeat(40_000) }));
    expect(result.symbols).toEqual([]);
    expect(result.query).toHaveLength(MAX_NAME_LENGTH);
    expect(result.query.endsWith('y…')).toBe(true);
  });

  it('keeps the container name when the service gives one', async () => {
    const result = successOf(await search(workspace(), { query: 'run' }));
    expect(result.symbols).toEqual([expected('src/b.ts', B_TS, 'run', 'method', { containerName: 'Parse' })]);
  });

  it('finds a qualified query by its container where the service matches names alone (pyright)', async () => {
    const ws = workspace();
    const asked: string[] = [];
    const search = ws.symbols.searchSymbols.bind(ws.symbols);
    ws.symbols.searchSymbols = (scope, query, max) => {
      asked.push(query);
      return search(scope, query, max);
    };
    const result = successOf(await workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query: 'Parse.run' }, neverAborted));
    expect(result.symbols).toEqual([expected('src/b.ts', B_TS, 'run', 'method', { containerName: 'Parse' })]);
    expect(asked).toEqual(['Parse.run', 'run']);
    expect(successOf(await workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query: 'Other::run' }, neverAborted)).symbols).toEqual([]);
  });

  it('keeps only the kinds asked for', async () => {
    const result = successOf(await search(workspace(), { kinds: ['class', 'constant'] }));
    expect(result.symbols.map((s) => [s.name, s.kind])).toEqual([
      ['Parse', 'class'],
      ['reparse', 'constant'],
      ['pxaxrxsxe', 'constant'],
    ]);
    expect(result.totalCount).toBe(3);
  });

  it('refuses an unknown kind with INVALID_INPUT and lists the known ones', async () => {
    const error = errorOf(await search(workspace(), { kinds: ['class', 'klass'] }));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toContain('klass');
    expect(error.resolution).toContain('enumMember');
  });

  it('returns at most `limit` symbols, the best ones, with the count before the limit', async () => {
    const result = successOf(await search(workspace(), { limit: 2 }));
    expect(result.symbols.map((s) => [s.name, s.filePath])).toEqual([
      ['parse', 'src/config/parse.ts'],
      ['parse', 'src/z.ts'],
    ]);
    expect(result.totalCount).toBe(6);
    expect(result.truncated).toBe(true);
  });

  it(`returns at most ${DEFAULT_WORKSPACE_SYMBOL_LIMIT} symbols by default`, async () => {
    const ws = new Workspace();
    const TEXT = Array.from({ length: 60 }, (_, i) => `export const handler${i} = ${i};\n`).join('');
    const path = ws.file('src/handlers.ts', TEXT);
    ws.symbols.searchable = Array.from({ length: 60 }, (_, i) => ({
      name: `handler${i}`,
      kind: 'constant',
      path,
      start: locate(TEXT, `handler${i} `).offset,
      length: `handler${i}`.length,
    }));
    const result = successOf(await workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query: 'handler' }, neverAborted));
    expect(result.symbols).toHaveLength(DEFAULT_WORKSPACE_SYMBOL_LIMIT);
    expect(result.totalCount).toBe(60);
    expect(result.truncated).toBe(true);
  });

  it('lists a symbol the service reports twice once', async () => {
    const ws = workspace();
    ws.symbols.searchable = [...ws.symbols.searchable, ...ws.symbols.searchable];
    expect(successOf(await search(ws, {})).totalCount).toBe(6);
  });

  it('trims the query and refuses an empty one with INVALID_INPUT', async () => {
    expect(successOf(await search(workspace(), { query: '  Parse ' })).query).toBe('Parse');
    const error = errorOf(await search(workspace(), { query: '   ' }));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('returns no symbols when nothing matches', async () => {
    expect(successOf(await search(workspace(), { query: 'zzz' }))).toEqual({
      success: true,
      query: 'zzz',
      symbols: [],
      totalCount: 0,
      truncated: false,
    });
  });

  it('refuses a missing workspace with WORKSPACE_NOT_FOUND', async () => {
    expect(errorOf(await search(workspace(), { workspaceRoot: '/w/none' })).code).toBe(ErrorCode.WORKSPACE_NOT_FOUND);
  });
});

describe('workspaceSymbols: where a declaration sits', () => {
  const SUBSCRIBER_TS = [
    'export class Subscriber {',
    '  subscribe() {',
    '    const subscriber = 1;',
    '  }',
    '}',
    'function subscribeOn() {}',
    '',
  ].join('\n');
  const INDEX_TS = "export { Subscriber } from './internal/Subscriber';\n";

  function ranked(query: string): ReturnType<typeof workspaceSymbols> {
    const ws = new Workspace();
    const subscriber = { path: ws.file('src/internal/Subscriber.ts', SUBSCRIBER_TS), text: SUBSCRIBER_TS };
    const index = { path: ws.file('src/index.ts', INDEX_TS), text: INDEX_TS };
    const at = (file: Fixture, name: string, kind: SymbolKind, place: DeclarationPlace): SymbolMatch => ({
      ...match(file, name, kind),
      place,
    });
    // Given worst first, as a service that orders by name or by file could.
    ws.symbols.searchable = [
      at(index, 'Subscriber', 'variable', 'alias'),
      at(subscriber, 'subscriber', 'constant', 'local'),
      at(subscriber, 'subscribe', 'method', 'member'),
      at(subscriber, 'subscribeOn', 'function', 'top-level'),
      at(subscriber, 'Subscriber', 'class', 'exported'),
    ];
    return workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query }, neverAborted);
  }

  it('ranks exported, then top-level declarations above members, and members above locals', async () => {
    const result = successOf(await ranked('subscr'));
    expect(result.symbols.map((s) => `${s.kind} ${s.name} ${s.filePath}`)).toEqual([
      'class Subscriber src/internal/Subscriber.ts',
      'function subscribeOn src/internal/Subscriber.ts',
      'method subscribe src/internal/Subscriber.ts',
      'constant subscriber src/internal/Subscriber.ts',
      'variable Subscriber src/index.ts',
    ]);
  });

  it('never ranks a re-export above the declaration it re-exports, though its path sorts first', async () => {
    const names = successOf(await ranked('Subscriber')).symbols.map((s) => `${s.kind} ${s.name}`);
    expect(names.indexOf('class Subscriber')).toBeLessThan(names.indexOf('variable Subscriber'));
  });

  it('ranks a better match first whatever its place: an exact name before a prefix', async () => {
    const result = successOf(await ranked('subscribe'));
    expect(result.symbols.map((s) => s.name)).toEqual(['subscribe', 'Subscriber', 'subscribeOn', 'subscriber', 'Subscriber']);
  });
});

describe('workspaceSymbols: counts when many declarations match', () => {
  function many(count: number): { ws: Workspace; asked: number[] } {
    const ws = new Workspace();
    const TEXT = 'export const item = 0;\n';
    const path = ws.file('src/items.ts', TEXT);
    ws.symbols.searchable = Array.from({ length: count }, (_, i) => ({ name: `item${i}`, kind: 'constant', path, start: i, length: 1 }));
    const asked: number[] = [];
    const search = ws.symbols.searchSymbols.bind(ws.symbols);
    ws.symbols.searchSymbols = (scope, query, maxResults) => {
      asked.push(maxResults);
      return search(scope, query, maxResults);
    };
    return { ws, asked };
  }

  it('asks again with a larger pool when the first comes back full, and counts every match', async () => {
    const { ws, asked } = many(1500);
    const result = successOf(await workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query: 'item', limit: 5 }, neverAborted));
    expect(asked).toEqual([1000, MAX_SYMBOL_CANDIDATES]);
    expect(result.totalCount).toBe(1500);
    expect(result).not.toHaveProperty('totalCountIsLowerBound');
  });

  it('asks once when the first pool is not full', async () => {
    const { ws, asked } = many(999);
    const result = successOf(await workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query: 'item', limit: 5 }, neverAborted));
    expect(asked).toEqual([1000]);
    expect(result.totalCount).toBe(999);
  });

  it('says the count is a lower bound when even the larger pool comes back full', async () => {
    const { ws } = many(MAX_SYMBOL_CANDIDATES + 1);
    const result = successOf(await workspaceSymbols(ws.ports, { workspaceRoot: ROOT, query: 'item', limit: 5 }, neverAborted));
    expect(result.totalCount).toBe(MAX_SYMBOL_CANDIDATES);
    expect(result.totalCountIsLowerBound).toBe(true);
    expect(result.truncated).toBe(true);
  });
});
