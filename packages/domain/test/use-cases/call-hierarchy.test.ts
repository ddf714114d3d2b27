import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { MAX_CALLS, type CallHierarchyInput } from '../../src/model/inputs.js';
import type { CallHierarchySymbol, CallSite } from '../../src/model/results.js';
import type { CallItem, SourceSpan } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';
import { callHierarchy } from '../../src/use-cases/call-hierarchy.js';

const APP_TS = 'import { run } from "../../src/use-cases/lib/run";\n\nexport function main(): void {\n  run();\n  run();\n}\n';
const RUN_TS =
  'import { log } from "dep";\n\nexport function run(): void {\n  helper(1);\n  log("ran");\n}\n\nexport function helper(n: number): number {\n  return n > 0 ? helper(n - 1) : 0;\n}\n\nexport const value = 42;\n';
const CLI_TS = 'import { run } from "../../src/use-cases/lib/run";\nexport function cli(): void { run(); }\n';
const DEP_TS = 'export function log(text: string): void {\n  write(text);\n}\nfunction write(text: string): void {}\n';

interface File {
  readonly path: string;
  readonly text: string;
  readonly display: string;
}

/** A function declared in `file` (`function name(`, with its `export`), up to its closing brace. */
function declaration(file: File, name: string): { start: number; text: string } {
  const keyword = file.text.indexOf(`function ${name}(`);
  if (keyword < 0) throw new Error(`function ${name} is not in the fixture`);
  const start = file.text.startsWith('export ', keyword - 'export '.length) ? keyword - 'export '.length : keyword;
  const end = file.text.indexOf('}', file.text.indexOf('{', keyword));
  return { start, text: file.text.slice(start, end + 1) };
}

/** Line and column of an offset, from the (ASCII) fixture text alone. */
function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

function item(file: File, name: string): CallItem {
  const { start, text } = declaration(file, name);
  return {
    name,
    kind: 'function',
    path: file.path,
    start,
    length: text.length,
    nameStart: start + text.indexOf(name),
    nameLength: name.length,
  };
}

/** The callee names of the calls `call(` in `file`, by occurrence. */
function sites(file: File, call: string, nths: readonly number[]): SourceSpan[] {
  return nths.map((nth) => ({ path: file.path, start: locate(file.text, `${call}(`, nth).offset, length: call.length }));
}

function site(file: File, call: string, nth: number): CallSite {
  const at = locate(file.text, `${call}(`, nth);
  return { filePath: file.display, line: at.line, column: at.column };
}

function symbol(file: File, name: string, withNodeId = true): CallHierarchySymbol {
  const at = placeOf(file.text, item(file, name).nameStart);
  return { name, kind: 'function', ...(withNodeId ? { nodeId: `function:${file.display}:${name}` } : {}), filePath: file.display, ...at };
}

function workspace(): { ws: Workspace; app: File; run: File; cli: File; dep: File } {
  const ws = new Workspace();
  const file = (rel: string, text: string, display = rel): File => ({ path: ws.file(rel, text), text, display });
  const app = file('src/app.ts', APP_TS);
  const run = file('src/lib/run.ts', RUN_TS);
  const cli = file('src/cli.ts', CLI_TS);
  const dep = file('node_modules/dep/index.ts', DEP_TS, `${ROOT}/node_modules/dep/index.ts`);
  for (const [f, names] of [
    [app, ['main']],
    [run, ['run', 'helper']],
    [cli, ['cli']],
  ] as const) {
    const entries = names.map((name) => outlineEntry(f.text, 'function', name, declaration(f, name).text));
    if (f === run) entries.push(outlineEntry(RUN_TS, 'constant', 'value', 'export const value = 42;'));
    ws.symbols.outlines.set(f.path, entries);
  }
  const [main, runItem, helper, cliItem, log, write] = [
    item(app, 'main'),
    item(run, 'run'),
    item(run, 'helper'),
    item(cli, 'cli'),
    item(dep, 'log'),
    item(dep, 'write'),
  ];
  ws.symbols.callables = [main, runItem, helper, cliItem, log, write];
  const key = (i: CallItem): string => `${i.path}:${i.nameStart}`;
  // Given out of order: the domain sorts calls and their sites.
  ws.symbols.incoming.set(key(runItem), [
    { item: cliItem, sites: sites(cli, 'run', [0]) },
    { item: main, sites: sites(app, 'run', [1, 0]) },
  ]);
  ws.symbols.incoming.set(key(helper), [
    { item: helper, sites: sites(run, 'helper', [1]) },
    { item: runItem, sites: sites(run, 'helper', [0]) },
  ]);
  ws.symbols.outgoing.set(key(main), [{ item: runItem, sites: sites(app, 'run', [0, 1]) }]);
  ws.symbols.outgoing.set(key(runItem), [
    { item: log, sites: sites(run, 'log', [0]) },
    { item: helper, sites: sites(run, 'helper', [0]) },
  ]);
  ws.symbols.outgoing.set(key(helper), [{ item: helper, sites: sites(run, 'helper', [1]) }]);
  ws.symbols.outgoing.set(key(log), [{ item: write, sites: sites(dep, 'write', [0]) }]);
  return { ws, app, run, cli, dep };
}

function input(extra: Partial<CallHierarchyInput>): CallHierarchyInput {
  return { workspaceRoot: ROOT, filePath: 'src/lib/run.ts', symbol: 'run', direction: 'incoming', ...extra };
}

describe('callHierarchy', () => {
  it('lists the callers of a function, by path, with the call sites in each caller', async () => {
    const { ws, app, run, cli } = workspace();
    const result = successOf(await callHierarchy(ws.ports, input({}), neverAborted));
    expect(result).toEqual({
      success: true,
      direction: 'incoming',
      symbol: symbol(run, 'run'),
      calls: [
        { ...symbol(app, 'main'), callSites: [site(app, 'run', 0), site(app, 'run', 1)] },
        { ...symbol(cli, 'cli'), callSites: [site(cli, 'run', 0)] },
      ],
      totalCalls: 2,
      truncated: false,
    });
  });

  it('lists what a function calls, with the call sites in that function', async () => {
    const { ws, app, run } = workspace();
    const result = successOf(
      await callHierarchy(ws.ports, input({ filePath: 'src/app.ts', symbol: 'main', direction: 'outgoing' }), neverAborted),
    );
    expect(result.symbol).toEqual(symbol(app, 'main'));
    expect(result.calls).toEqual([{ ...symbol(run, 'run'), callSites: [site(app, 'run', 0), site(app, 'run', 1)] }]);
  });

  it('lists a callee outside the workspace with its absolute path and no node id', async () => {
    const { ws, run, dep } = workspace();
    const result = successOf(await callHierarchy(ws.ports, input({ direction: 'outgoing' }), neverAborted));
    expect(result.calls).toEqual([
      { ...symbol(dep, 'log', false), callSites: [site(run, 'log', 0)] },
      { ...symbol(run, 'helper'), callSites: [site(run, 'helper', 0)] },
    ]);
  });

  it('follows calls `depth` levels deep and marks a function already on the path as recursive', async () => {
    const { ws, app, run, cli } = workspace();
    const result = successOf(await callHierarchy(ws.ports, input({ symbol: 'helper', depth: 2 }), neverAborted));
    expect(result.calls).toEqual([
      {
        ...symbol(run, 'run'),
        callSites: [site(run, 'helper', 0)],
        calls: [
          { ...symbol(app, 'main'), callSites: [site(app, 'run', 0), site(app, 'run', 1)] },
          { ...symbol(cli, 'cli'), callSites: [site(cli, 'run', 0)] },
        ],
      },
      { ...symbol(run, 'helper'), callSites: [site(run, 'helper', 1)], recursive: true },
    ]);
    expect(result.totalCalls).toBe(4);
  });

  it('does not follow a recursive call or a function outside the workspace', async () => {
    const { ws, run } = workspace();
    const result = successOf(await callHierarchy(ws.ports, input({ direction: 'outgoing', depth: 5 }), neverAborted));
    const [log, helper] = result.calls;
    expect(log).not.toHaveProperty('calls');
    expect(helper?.calls).toEqual([{ ...symbol(run, 'helper'), callSites: [site(run, 'helper', 1)], recursive: true }]);
    expect(result.totalCalls).toBe(3);
  });

  it('refuses a depth outside 1..5 with INVALID_INPUT', async () => {
    const { ws } = workspace();
    for (const depth of [0, 6, 1.5, -1]) {
      const error = errorOf(await callHierarchy(ws.ports, input({ depth }), neverAborted));
      expect(error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(error.message).toContain(String(depth));
    }
  });

  it('answers a symbol that is not callable with no calls', async () => {
    const { ws, run } = workspace();
    const result = successOf(await callHierarchy(ws.ports, input({ symbol: 'value' }), neverAborted));
    const at = locate(RUN_TS, 'value');
    expect(result).toEqual({
      success: true,
      direction: 'incoming',
      symbol: {
        name: 'value',
        kind: 'constant',
        nodeId: 'constant:src/lib/run.ts:value',
        filePath: run.display,
        line: at.line,
        column: at.column,
      },
      calls: [],
      totalCalls: 0,
      truncated: false,
    });
  });

  it('answers the same from a position, a name and a node id', async () => {
    const { ws } = workspace();
    const at = locate(RUN_TS, 'run(');
    const byName = successOf(await callHierarchy(ws.ports, input({}), neverAborted));
    const byPosition = successOf(
      await callHierarchy(
        ws.ports,
        { workspaceRoot: ROOT, filePath: 'src/lib/run.ts', line: at.line, column: at.column, direction: 'incoming' },
        neverAborted,
      ),
    );
    const byNodeId = successOf(
      await callHierarchy(ws.ports, { workspaceRoot: ROOT, nodeId: 'function:src/lib/run.ts:run', direction: 'incoming' }, neverAborted),
    );
    expect(byPosition).toEqual(byName);
    expect(byNodeId).toEqual(byName);
  });

  it(`lists at most ${MAX_CALLS} calls and says it left some out`, async () => {
    const ws = new Workspace();
    const count = MAX_CALLS + 5;
    const TEXT = `export function target(): void {}\n${Array.from({ length: count }, (_, i) => `export function c${i}(): void { target(); }\n`).join('')}`;
    const file: File = { path: ws.file('src/many.ts', TEXT), text: TEXT, display: 'src/many.ts' };
    const target = item(file, 'target');
    ws.symbols.callables = [target];
    ws.symbols.incoming.set(
      `${file.path}:${target.nameStart}`,
      Array.from({ length: count }, (_, i) => ({ item: item(file, `c${i}`), sites: sites(file, 'target', [i + 1]) })),
    );
    const at = locate(TEXT, 'target');
    const result = successOf(
      await callHierarchy(
        ws.ports,
        { workspaceRoot: ROOT, filePath: 'src/many.ts', line: at.line, column: at.column, direction: 'incoming' },
        neverAborted,
      ),
    );
    expect(result.calls).toHaveLength(MAX_CALLS);
    expect(result.calls[0]?.name).toBe('c0');
    expect(result.totalCalls).toBe(MAX_CALLS);
    expect(result.truncated).toBe(true);
  });
});
