import { describe, expect, it } from 'vitest';
import { BridgeException, bridgeError } from '../../src/errors/bridge-error.js';
import { ErrorCode, defaultResolution } from '../../src/errors/error-codes.js';
import type { FindReferencesInput } from '../../src/model/inputs.js';
import type { ReferenceItem } from '../../src/model/results.js';
import type { ReferencesAnswer } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { ROOT, TestSignal, Workspace, abortedSignal, codePointCount, errorOf, locate, locateAll, successOf } from '../workspace-fixture.js';
import { findReferences } from '../../src/use-cases/find-references.js';

const LIB_TS = '// identity, for the example\nexport function helper(n: number) {\n  return n;\n}\n';
const APP_TS = 'import { helper } from "../../src/use-cases/z/lib";\n\nconst s = "😀"; helper(1);\n    helper(2);\n';
const UTIL_TS = 'import { helper } from "../../src/z/lib";\nexport const twice = helper(helper(1));\n';

/** lib.ts declares `helper`; app.ts and util/util.ts use it. */
function workspace(): { ws: Workspace; lib: string; app: string; util: string } {
  const ws = new Workspace();
  const lib = ws.file('src/z/lib.ts', LIB_TS);
  const app = ws.file('src/app.ts', APP_TS);
  const util = ws.file('src/util/util.ts', UTIL_TS);
  // The index's first span is the declaration: the one in lib.ts.
  ws.symbols.addSymbolByText('helper', [lib, app, util]);
  return { ws, lib, app, util };
}

function input(filePath: string, text: string, needle: string, extra: Partial<FindReferencesInput> = {}): FindReferencesInput {
  const { line, column } = locate(text, needle);
  return { workspaceRoot: ROOT, filePath, line, column, ...extra };
}

function expected(
  filePath: string,
  text: string,
  needle: string,
  nth: number,
  referenceType: ReferenceItem['referenceType'],
): ReferenceItem {
  const at = locate(text, needle, nth);
  return { filePath, line: at.line, column: at.column, codeSnippet: at.lineText, referenceType };
}

describe('findReferences', () => {
  it('returns the declaration first, then usages by path, line and column', async () => {
    const { ws } = workspace();
    const result = successOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    expect(result.references).toEqual([
      expected('src/z/lib.ts', LIB_TS, 'helper', 0, 'declaration'),
      expected('src/app.ts', APP_TS, 'helper', 0, 'usage'),
      expected('src/app.ts', APP_TS, 'helper', 1, 'usage'),
      expected('src/app.ts', APP_TS, 'helper', 2, 'usage'),
      expected('src/util/util.ts', UTIL_TS, 'helper', 0, 'usage'),
      expected('src/util/util.ts', UTIL_TS, 'helper', 1, 'usage'),
      expected('src/util/util.ts', UTIL_TS, 'helper', 2, 'usage'),
    ]);
    expect(result.totalCount).toBe(7);
    expect(result.fileCount).toBe(3);
    expect(result.truncated).toBe(false);
    expect(result.symbolName).toBe('helper');
    expect(result).not.toHaveProperty('failures');
  });

  it('counts columns in code points after an emoji and keeps the indentation of snippets', async () => {
    const { ws } = workspace();
    const result = successOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(1)'), neverAborted));
    const afterEmoji = result.references.find((r) => r.filePath === 'src/app.ts' && r.codeSnippet.includes('😀'));
    expect(afterEmoji?.column).toBe(codePointCount('const s = "😀"; ') + 1);
    const indented = result.references.find((r) => r.codeSnippet.startsWith('    '));
    expect(indented?.codeSnippet).toBe('    helper(2);');
  });

  it('finds the same references from the declaration as from a usage', async () => {
    const { ws } = workspace();
    const fromUsage = successOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    const fromDeclaration = successOf(await findReferences(ws.ports, input('src/z/lib.ts', LIB_TS, 'helper'), neverAborted));
    expect(fromDeclaration.references).toEqual(fromUsage.references);
  });

  it('excludes node_modules references by default and includes them, with absolute paths, on request', async () => {
    const ws = new Workspace();
    const DEP = 'export declare function helper(): void;\n';
    const USE = 'import { helper } from "dep";\nhelper();\n';
    const dep = ws.file('node_modules/dep/index.d.ts', DEP);
    const use = ws.file('src/use.ts', USE);
    ws.symbols.addSymbolByText('helper', [dep, use]);

    const without = successOf(await findReferences(ws.ports, input('src/use.ts', USE, 'helper()'), neverAborted));
    expect(without.references.map((r) => r.filePath)).toEqual(['src/use.ts', 'src/use.ts']);
    expect(without.totalCount).toBe(2);

    const withDeps = successOf(
      await findReferences(ws.ports, input('src/use.ts', USE, 'helper()', { includeNodeModules: true }), neverAborted),
    );
    expect(withDeps.references[0]).toEqual(expected(dep, DEP, 'helper', 0, 'declaration'));
    expect(withDeps.totalCount).toBe(3);
  });

  it('labels only the declarations of the symbol asked about as declarations, those of related symbols as usages', async () => {
    const ws = new Workspace();
    const SHAPE = 'export interface Shape {\n  area(): number;\n}\n';
    const CIRCLE = 'import type { Shape } from "./shape";\nexport class Circle implements Shape {\n  area() { return 1; }\n}\n';
    const shape = ws.file('src/shape.ts', SHAPE);
    const circle = ws.file('src/circle.ts', CIRCLE);
    const circleArea = { path: circle, start: CIRCLE.indexOf('area'), length: 4 };
    ws.symbols.symbols.push({
      name: 'area',
      declarations: [{ path: shape, start: SHAPE.indexOf('area'), length: 4 }],
      usages: [],
      related: [circleArea],
    });
    const result = successOf(await findReferences(ws.ports, input('src/shape.ts', SHAPE, 'area'), neverAborted));
    expect(result.references).toEqual([
      expected('src/shape.ts', SHAPE, 'area', 0, 'declaration'),
      expected('src/circle.ts', CIRCLE, 'area', 0, 'usage'),
    ]);
  });

  it('returns at most `limit` references and the count before truncation', async () => {
    const ws = new Workspace();
    const TEXT = `let n = 0;\n${'n++;\n'.repeat(9)}`;
    const path = ws.file('src/count.ts', TEXT);
    ws.symbols.addSymbolByText('n', [path]);
    const result = successOf(await findReferences(ws.ports, input('src/count.ts', TEXT, 'n', { limit: 4 }), neverAborted));
    expect(result.references).toHaveLength(4);
    expect(result.references[0]?.referenceType).toBe('declaration');
    expect(result.totalCount).toBe(locateAll(TEXT, 'n').length);
    expect(result.truncated).toBe(true);
  });

  it('counts the files of every reference found, not of the ones the limit kept', async () => {
    const { ws } = workspace();
    const result = successOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)', { limit: 2 }), neverAborted));
    expect(new Set(result.references.map((r) => r.filePath))).toEqual(new Set(['src/z/lib.ts', 'src/app.ts']));
    expect(result).toMatchObject({ totalCount: 7, fileCount: 3, truncated: true });
  });

  it.each([-1, 0, 100_001, 1.5])('refuses limit %s with INVALID_INPUT instead of returning a partial list', async (limit) => {
    const ws = new Workspace();
    const TEXT = `let n = 0;\n${'n++;\n'.repeat(3)}`;
    const path = ws.file('src/count.ts', TEXT);
    ws.symbols.addSymbolByText('n', [path]);
    const error = errorOf(await findReferences(ws.ports, input('src/count.ts', TEXT, 'n', { limit }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toContain('limit must be a whole number from 1 to 100000');
  });

  it('caps the references at 500 by default (BS-001.5)', async () => {
    const ws = new Workspace();
    const TEXT = `let n = 0;\n${'n++;\n'.repeat(600)}`;
    const path = ws.file('src/count.ts', TEXT);
    ws.symbols.addSymbolByText('n', [path]);
    const result = successOf(await findReferences(ws.ports, input('src/count.ts', TEXT, 'n'), neverAborted));
    expect(result.references).toHaveLength(500);
    expect(result.totalCount).toBe(601);
    expect(result.truncated).toBe(true);
  });

  it('reports each reference once even if the index reports it twice', async () => {
    const ws = new Workspace();
    const TEXT = 'let a = 1;\na;\n';
    const path = ws.file('src/a.ts', TEXT);
    const symbol = ws.symbols.addSymbolByText('a', [path]);
    ws.symbols.symbols.push({ ...symbol, usages: [...symbol.usages, ...symbol.usages] });
    ws.symbols.symbols.shift();
    const result = successOf(await findReferences(ws.ports, input('src/a.ts', TEXT, 'a'), neverAborted));
    expect(result.totalCount).toBe(2);
  });

  it('returns partial results with the failures of the index, paths relative to the root', async () => {
    const { ws } = workspace();
    ws.symbols.failures = [
      { path: `${ROOT}/src/broken.ts`, reason: 'the file could not be parsed' },
      { path: `${ROOT}/gen/big.ts`, reason: 'the file is too large' },
    ];
    const result = successOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    expect(result.references).toHaveLength(7);
    expect(result.failures).toEqual([
      { filePath: 'gen/big.ts', reason: 'the file is too large' },
      { filePath: 'src/broken.ts', reason: 'the file could not be parsed' },
    ]);
  });

  it("lists a file outside the service's build as not searched, with the lines it spells the name on", async () => {
    const { ws } = workspace();
    const other = ws.file('src/z/lib_windows.ts', 'helper(1);\n\nhelper(helper(2));\n');
    ws.symbols.referencesOutsideBuild = [0, 'helper(1);\n\n'.length, 'helper(1);\n\nhelper('.length].map((start) => ({
      path: other,
      start,
      length: 'helper'.length,
    }));
    const result = successOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    expect(result.references).toHaveLength(7);
    expect(result.failures).toHaveLength(1);
    expect(result.failures?.[0]?.filePath).toBe('src/z/lib_windows.ts');
    expect(result.failures?.[0]?.reason).toContain("the language server's build leaves it out (a build constraint");
    expect(result.failures?.[0]?.reason).toContain('(it spells "helper" on lines 1, 3)');
  });

  it('lists a consumer package it could not search as a failure, by the domain rule', async () => {
    const { ws } = workspace();
    ws.symbols.failures = [{ path: `${ROOT}/packages/web`, reason: 'an older failure of the same path' }];
    ws.symbols.referencePackages = {
      packageDir: `${ROOT}/packages/lib`,
      packageName: '@s/lib',
      built: false,
      foundInOutput: false,
      consumers: [
        {
          packageDir: `${ROOT}/packages/web`,
          packageName: '@s/web',
          spellsName: true,
          importsName: true,
          importsSource: false,
          reached: false,
        },
        {
          packageDir: `${ROOT}/packages/app`,
          packageName: '@s/app',
          spellsName: true,
          importsName: true,
          importsSource: false,
          reached: true,
        },
      ],
    };
    const result = successOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    expect(result.failures).toEqual([
      {
        filePath: 'packages/web',
        reason:
          'it imports @s/lib by name, and that package has no build output yet (its compiler cannot resolve the import before the first build)',
      },
    ]);
  });

  it('lists a file it cannot read to place a reference as a failure', async () => {
    const { ws } = workspace();
    const [symbol] = ws.symbols.symbols;
    if (symbol === undefined) throw new Error('fixture has no symbol');
    ws.symbols.symbols[0] = { ...symbol, usages: [...symbol.usages, { path: `${ROOT}/src/vanished.ts`, start: 0, length: 6 }] };
    const result = successOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    expect(result.references).toHaveLength(7);
    expect(result.failures).toEqual([{ filePath: 'src/vanished.ts', reason: 'the file could not be read to place a reference' }]);
  });

  it('returns LANGUAGE_SERVER_ERROR with the original message when the index throws an Error', async () => {
    const { ws } = workspace();
    ws.symbols.references = (): Promise<ReferencesAnswer> => Promise.reject(new Error('tsserver crashed'));
    const error = errorOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toContain('tsserver crashed');
  });

  it("keeps the code, message and resolution of an adapter's BridgeException", async () => {
    const { ws } = workspace();
    const thrown = bridgeError(ErrorCode.CONFIG_NOT_FOUND, 'tsconfig.json extends a missing file', 'Fix the "extends" of tsconfig.json.');
    ws.symbols.references = (): Promise<ReferencesAnswer> => Promise.reject(new BridgeException(thrown));
    const error = errorOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    expect(error).toEqual(thrown);
  });

  it('recognises a BridgeException by its shape, as if it came from another copy of the domain', async () => {
    const { ws } = workspace();
    const foreign = Object.assign(new Error('x'), {
      bridgeError: { code: 'CONFIG_NOT_FOUND', message: 'no config', resolution: 'add one' },
    });
    ws.symbols.references = (): Promise<ReferencesAnswer> => Promise.reject(foreign);
    const error = errorOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), neverAborted));
    expect(error).toEqual({ code: 'CONFIG_NOT_FOUND', message: 'no config', resolution: 'add one' });
  });

  it('returns CANCELLED when the signal is already aborted', async () => {
    const { ws } = workspace();
    const error = errorOf(
      await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), abortedSignal(new Error('timed out after 30000 ms'))),
    );
    expect(error.code).toBe(ErrorCode.CANCELLED);
    expect(error.message).toContain('timed out after 30000 ms');
    expect(error.resolution).toBe(defaultResolution.CANCELLED);
  });

  it('returns LANGUAGE_SERVER_ERROR saying it timed out when the signal was aborted by a TimeoutError', async () => {
    const { ws } = workspace();
    const timeout = Object.assign(new Error('the call timed out after 5 ms'), { name: 'TimeoutError' });
    const error = errorOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), abortedSignal(timeout)));
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toContain('did not answer in time');
    expect(error.message).toContain('timed out after 5 ms');
    expect(error.resolution).toMatch(/Retry/);
  });

  it('returns CANCELLED when the signal is aborted while the index works', async () => {
    const { ws } = workspace();
    const signal = new TestSignal();
    ws.symbols.references = (): Promise<ReferencesAnswer> => {
      signal.abort('client cancelled');
      return Promise.reject(new Error('AbortError'));
    };
    const error = errorOf(await findReferences(ws.ports, input('src/app.ts', APP_TS, 'helper(2)'), signal));
    expect(error.code).toBe(ErrorCode.CANCELLED);
    expect(error.message).toContain('client cancelled');
  });
});
