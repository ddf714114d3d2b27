import { describe, expect, it } from 'vitest';
import type { DiagnosticItem } from '../../src/model/results.js';
import type { Signal } from '../../src/model/signal.js';
import type { DiagnosticRecord } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { locate, successOf } from '../workspace-fixture.js';
import { replaceSymbolBody } from '../../src/use-cases/replace-symbol-body.js';
import { CALC_TS, input, lineOf, workspace, writtenText } from './replace-symbol-body-fixture.js';

describe('replaceSymbolBody introducedDiagnostics', () => {
  const record = (text: string, needle: string, code: number, message: string, nth = 0): Omit<DiagnosticRecord, 'path'> => ({
    start: locate(text, needle, nth).offset,
    length: needle.length,
    category: 'error',
    code,
    message,
  });
  const item = (text: string, needle: string, code: number, message: string, nth = 0): DiagnosticItem => {
    const at = locate(text, needle, nth);
    return {
      filePath: 'src/calc.ts',
      line: at.line,
      column: at.column,
      endLine: at.line,
      endColumn: at.column + needle.length,
      severity: 'error',
      code: `TS${code}`,
      message,
      codeSnippet: at.lineText,
    };
  };

  it('lists the diagnostics after the write that were not there before, matched by code and message', async () => {
    const { ws, path, ports, writer } = workspace();
    const NOT_NUMBER = "Type 'string' is not assignable to type 'number'.";
    const UNUSED = "'n' is declared but its value is never read.";
    const MISSING = "Cannot find name 'c'.";
    const NOT_BOOLEAN = "Type 'boolean' is not assignable to type 'number'.";
    ws.symbols.fileDiagnostics.set(path, [
      { path, ...record(CALC_TS, 'total', 2322, NOT_NUMBER) },
      { path, ...record(CALC_TS, 'n', 6133, UNUSED) },
    ]);
    const replacement = 'const flag = true;\nreturn a + c;';
    const after = CALC_TS.replace('    return a + b;', '    const flag = true;\n    return a + c;');
    writer.diagnosticsAfter = [
      { path, ...record(after, 'total', 2322, NOT_NUMBER) },
      { path, ...record(after, 'c;', 2304, MISSING) },
      { path, ...record(after, 'n', 6133, UNUSED) },
      { path, ...record(after, 'flag', 2322, NOT_BOOLEAN) },
      { path, ...record(after, 'n', 6133, UNUSED, 1) },
    ];
    const result = successOf(await replaceSymbolBody(ports, input({ replacement }), neverAborted));
    expect(writtenText(writer, path)).toBe(after);
    expect(result.introducedDiagnostics).toEqual([
      item(after, 'c;', 2304, MISSING),
      item(after, 'flag', 2322, NOT_BOOLEAN),
      item(after, 'n', 6133, UNUSED, 1),
    ]);
  });

  it('lists none when the file had the same diagnostics before', async () => {
    const { ws, path, ports, writer } = workspace();
    const same = [{ path, ...record(CALC_TS, 'total', 2322, "Type 'string' is not assignable to type 'number'.") }];
    ws.symbols.fileDiagnostics.set(path, same);
    writer.diagnosticsAfter = same;
    expect(successOf(await replaceSymbolBody(ports, input({}), neverAborted)).introducedDiagnostics).toEqual([]);
  });

  it('answers a dry run as the replacement, applied false, the new errors checked in memory, and writes nothing', async () => {
    const { ws, path, ports, writer } = workspace();
    const MISSING = "Cannot find name 'c'.";
    const after = CALC_TS.replace('return a + b;', 'return a + c;');
    ws.symbols.simulation = (simulation) => ({
      referentsBefore: [],
      referentsAfter: [],
      errorsBefore: new Map([[path, []]]),
      errorsAfter: new Map([[path, simulation.overlay.get(path) === after ? [{ path, ...record(after, 'c;', 2304, MISSING) }] : []]]),
    });
    const real = successOf(await replaceSymbolBody(workspace().ports, input({ replacement: 'return a + c;' }), neverAborted));
    const dry = successOf(await replaceSymbolBody(ports, input({ replacement: 'return a + c;', dryRun: true }), neverAborted));
    expect(writer.written).toEqual([]);
    expect(dry).toEqual({ ...real, introducedDiagnostics: [item(after, 'c;', 2304, MISSING)], applied: false });
  });
});

describe('replaceSymbolBody after the write', () => {
  it('answers success, saying the diagnostics are unavailable, when the call is cancelled once the file is written', async () => {
    const { ws, path, ports, writer } = workspace();
    // Cancelled the moment the write is done (the domain compiles without DOM types: no AbortController).
    let aborted = false;
    const signal: Signal = {
      get aborted() {
        return aborted;
      },
      reason: 'shutting down',
      throwIfAborted() {
        if (aborted) throw new Error('shutting down');
      },
      addEventListener() {},
      removeEventListener() {},
    };
    const diagnostics = ws.symbols.diagnostics.bind(ws.symbols);
    ws.symbols.diagnostics = (scope, file) => {
      scope.signal.throwIfAborted();
      return diagnostics(scope, file);
    };
    const written = writer.writeAll.bind(writer);
    writer.writeAll = async (root, changes) => {
      await written(root, changes);
      aborted = true;
    };
    const result = successOf(await replaceSymbolBody(ports, input({}), signal));
    expect(writtenText(writer, path)).toBe(CALC_TS.replace('return a + b;', 'return b + a;'));
    expect(result.introducedDiagnostics).toEqual([]);
    expect(result.diagnosticsUnavailable).toContain('cancelled after the file was written');
    expect(result).toMatchObject({ symbolName: 'add', line: lineOf(CALC_TS, 'add('), endLine: lineOf(CALC_TS, '  }\n\n  scale') });
  });
});
