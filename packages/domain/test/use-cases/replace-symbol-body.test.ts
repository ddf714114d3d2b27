import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { ReplaceSymbolBodyInput } from '../../src/model/inputs.js';
import type { DiagnosticItem } from '../../src/model/results.js';
import type { Signal } from '../../src/model/signal.js';
import type { FileChange } from '../../src/ports/file-writer.js';
import type { DiagnosticRecord } from '../../src/ports/symbol-index.js';
import { RecordingFileWriter, neverAborted } from '../../src/testing/index.js';
import { toyDeclarations, toyOutline } from '../declaration-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';
import type { BridgePorts } from '../../src/use-cases/ports.js';
import { replaceSymbolBody } from '../../src/use-cases/replace-symbol-body.js';

const CALC_TS = `/** A calculator. */
export class Calculator {
  total = 0;

  /** Adds. */
  add(a: number, b: number): number {
    return a + b;
  }

  scale = (n: number) => n * 2;
}

export function area(r: number): number;
export function area(w: number, h: number): number;
export function area(a: number, b?: number): number {
  return b === undefined ? a * a : a * b;
}
`;
const ADD_BODY = '{\n    return a + b;\n  }';
const ADD_METHOD = `add(a: number, b: number): number ${ADD_BODY}`;

/** A writer that, like the disk, lets the index see what was written (text, outline, diagnostics). */
class SyncingWriter extends RecordingFileWriter {
  diagnosticsAfter: DiagnosticRecord[] | undefined;

  constructor(private readonly ws: Workspace) {
    super();
  }

  override async writeAll(workspaceRoot: string, changes: readonly FileChange[]): Promise<void> {
    await super.writeAll(workspaceRoot, changes);
    for (const change of changes) {
      this.ws.file(change.path, change.newText);
      this.ws.symbols.outlines.set(change.path, toyOutline(change.newText));
      if (this.diagnosticsAfter !== undefined) this.ws.symbols.fileDiagnostics.set(change.path, this.diagnosticsAfter);
    }
  }
}

function workspace(text = CALC_TS): { ws: Workspace; path: string; ports: BridgePorts; writer: SyncingWriter } {
  const ws = new Workspace();
  const path = ws.file('src/calc.ts', text);
  ws.syntax.derive = toyDeclarations;
  ws.symbols.outlines.set(path, toyOutline(text));
  const writer = new SyncingWriter(ws);
  return { ws, path, ports: { ...ws.ports, writer }, writer };
}

function input(extra: Partial<ReplaceSymbolBodyInput>): ReplaceSymbolBodyInput {
  return {
    workspaceRoot: ROOT,
    filePath: 'src/calc.ts',
    symbol: 'Calculator.add',
    mode: 'replace-body',
    replacement: 'return b + a;',
    ...extra,
  };
}

/** The file as written: one change to `path`, computed from `expectedText`. */
function writtenText(writer: RecordingFileWriter, path: string, expectedText = CALC_TS): string {
  expect(writer.written).toHaveLength(1);
  const [change] = writer.written[0] ?? [];
  expect(change?.path).toBe(path);
  expect(change?.expectedText).toBe(expectedText);
  return change?.newText ?? '';
}

function lineOf(text: string, needle: string): number {
  return locate(text, needle).line;
}

describe('replaceSymbolBody in replace-body mode', () => {
  it('puts a body given without braces inside the braces, indented one level below the declaration', async () => {
    const { path, ports, writer } = workspace();
    const result = successOf(await replaceSymbolBody(ports, input({}), neverAborted));
    const expected = CALC_TS.replace('return a + b;', 'return b + a;');
    expect(writtenText(writer, path)).toBe(expected);
    expect(result).toEqual({
      success: true,
      symbolName: 'add',
      mode: 'replace-body',
      nodeId: 'method:src/calc.ts:Calculator.add',
      filePath: 'src/calc.ts',
      line: lineOf(expected, 'add('),
      endLine: lineOf(expected, '  }\n\n  scale'),
      linesRemoved: ADD_BODY.split('\n').length,
      linesAdded: ADD_BODY.split('\n').length,
      introducedDiagnostics: [],
      applied: true,
    });
  });

  it('takes a body given with its braces as the whole block', async () => {
    const { path, ports, writer } = workspace();
    await replaceSymbolBody(ports, input({ replacement: '{\n  return b + a;\n}' }), neverAborted);
    expect(writtenText(writer, path)).toBe(CALC_TS.replace('return a + b;', 'return b + a;'));
  });

  it('counts the lines a longer body adds and moves the end line', async () => {
    const { path, ports, writer } = workspace();
    const result = successOf(await replaceSymbolBody(ports, input({ replacement: 'const sum = a + b;\nreturn sum;' }), neverAborted));
    const expected = CALC_TS.replace('    return a + b;', '    const sum = a + b;\n    return sum;');
    expect(writtenText(writer, path)).toBe(expected);
    expect(result.linesAdded).toBe(4);
    expect(result.endLine).toBe(lineOf(expected, '  }\n\n  scale'));
  });

  it('keeps the CRLF line breaks of the file', async () => {
    const CRLF = CALC_TS.replace(/\n/g, '\r\n');
    const { path, ports, writer } = workspace(CRLF);
    await replaceSymbolBody(ports, input({ replacement: 'const sum = a + b;\nreturn sum;' }), neverAborted);
    expect(writtenText(writer, path, CRLF)).toBe(CRLF.replace('    return a + b;', '    const sum = a + b;\r\n    return sum;'));
  });

  it('refuses an empty or blank replacement with INVALID_REPLACEMENT, saying how to empty a body on purpose', async () => {
    for (const replacement of ['', '  \n\t\n']) {
      const { ports, writer } = workspace();
      const error = errorOf(await replaceSymbolBody(ports, input({ replacement }), neverAborted));
      expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
      expect(error.resolution).toContain('"{}"');
      expect(writer.written).toEqual([]);
    }
  });

  it('empties a body given "{}"', async () => {
    const { path, ports, writer } = workspace();
    const result = successOf(await replaceSymbolBody(ports, input({ replacement: '{}' }), neverAborted));
    expect(writtenText(writer, path)).toBe(CALC_TS.replace(ADD_BODY, '{}'));
    expect(result.linesAdded).toBe(1);
    expect(result.endLine).toBe(result.line);
  });

  it("replaces an arrow function's expression body", async () => {
    const { path, ports, writer } = workspace();
    const result = successOf(await replaceSymbolBody(ports, input({ symbol: 'scale', replacement: 'n * 3' }), neverAborted));
    expect(writtenText(writer, path)).toBe(CALC_TS.replace('n * 2', 'n * 3'));
    expect(result.nodeId).toBe('property:src/calc.ts:Calculator.scale');
  });

  it('replaces the body of the implementation of an overloaded function, not a signature', async () => {
    const { path, ports, writer } = workspace();
    const result = successOf(await replaceSymbolBody(ports, input({ symbol: 'area', replacement: 'return a;' }), neverAborted));
    const expected = CALC_TS.replace('  return b === undefined ? a * a : a * b;', '  return a;');
    expect(writtenText(writer, path)).toBe(expected);
    expect(result.line).toBe(lineOf(expected, 'export function area(a'));
    expect(result.nodeId).toBe('function:src/calc.ts:area');
  });

  it('answers the same for a position on the name and for the node id', async () => {
    const at = locate(CALC_TS, 'add(');
    const byName = workspace();
    const expected = successOf(await replaceSymbolBody(byName.ports, input({}), neverAborted));
    for (const address of [
      { filePath: 'src/calc.ts', line: at.line, column: at.column, symbol: undefined },
      { filePath: undefined, symbol: undefined, nodeId: 'method:src/calc.ts:Calculator.add' },
    ]) {
      const { path, ports, writer } = workspace();
      expect(successOf(await replaceSymbolBody(ports, input(address), neverAborted))).toEqual(expected);
      expect(writtenText(writer, path)).toBe(writtenText(byName.writer, byName.path));
    }
  });

  it('refuses a replacement that adds a syntax error with INVALID_REPLACEMENT and writes nothing', async () => {
    const { ports, writer } = workspace();
    const error = errorOf(await replaceSymbolBody(ports, input({ replacement: 'return a + b; }' }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(error.message).toContain('Declaration or statement expected.');
    expect(error.message).toContain('Nothing was written');
    expect(writer.written).toEqual([]);
  });

  it('refuses a block that would also change the code after it', async () => {
    const { ports, writer } = workspace();
    const error = errorOf(await replaceSymbolBody(ports, input({ replacement: '{ return 1; }\n\nextra() { return 2; }' }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(error.message).toContain('not a body');
    expect(writer.written).toEqual([]);
  });

  it('refuses a declaration without a body and points to replace-node', async () => {
    const { ports, writer } = workspace();
    const error = errorOf(await replaceSymbolBody(ports, input({ symbol: 'total', replacement: '1' }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(error.message).toContain('property "total"');
    expect(error.resolution).toContain('replace-node');
    expect(writer.written).toEqual([]);
  });

  it('refuses a position that is not on a declaration with SYMBOL_NOT_FOUND', async () => {
    const { ports, writer } = workspace();
    const at = locate(CALC_TS, 'b;');
    const error = errorOf(await replaceSymbolBody(ports, input({ symbol: undefined, line: at.line, column: at.column }), neverAborted));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_FOUND);
    expect(writer.written).toEqual([]);
  });

  it('returns FILE_CHANGED from the writer when the file changed since it was read', async () => {
    const { ports, writer } = workspace();
    writer.failWith = ErrorCode.FILE_CHANGED;
    expect(errorOf(await replaceSymbolBody(ports, input({}), neverAborted)).code).toBe(ErrorCode.FILE_CHANGED);
    expect(writer.written).toEqual([]);
  });
});

describe('replaceSymbolBody in replace-node mode', () => {
  const SUB = 'sub(a: number, b: number): number {\n  return a - b;\n}';

  it('replaces the whole declaration, keeps its JSDoc and names the new declaration', async () => {
    const { path, ports, writer } = workspace();
    const result = successOf(await replaceSymbolBody(ports, input({ mode: 'replace-node', replacement: SUB }), neverAborted));
    const expected = CALC_TS.replace(ADD_METHOD, 'sub(a: number, b: number): number {\n    return a - b;\n  }');
    expect(writtenText(writer, path)).toBe(expected);
    expect(expected).toContain('/** Adds. */\n  sub(');
    expect(result).toMatchObject({
      symbolName: 'sub',
      mode: 'replace-node',
      nodeId: 'method:src/calc.ts:Calculator.sub',
      line: lineOf(expected, 'sub('),
      endLine: lineOf(expected, '  }\n\n  scale'),
    });
  });

  it('replaces the old doc comment with the one a replacement brings', async () => {
    const { path, ports, writer } = workspace();
    const replacement = `/** Adds, anew. */\n${SUB.replace('sub', 'add')}`;
    await replaceSymbolBody(ports, input({ mode: 'replace-node', replacement }), neverAborted);
    expect(writtenText(writer, path)).toBe(
      CALC_TS.replace(`/** Adds. */\n  ${ADD_METHOD}`, '/** Adds, anew. */\n  add(a: number, b: number): number {\n    return a - b;\n  }'),
    );
  });

  it('keeps everything before a declaration without a doc comment, even a line comment holding "/**"', async () => {
    const GLOBS = [
      '// Matches every file under src/**',
      'export function keepMe() {',
      '  return 1;',
      '}',
      '',
      '/* helpers */',
      'export function target() {',
      '  return 2;',
      '}',
      '',
    ].join('\n');
    const { path, ports, writer } = workspace(GLOBS);
    const replacement = '/** The target. */\nexport function target() {\n  return 3;\n}';
    const result = successOf(
      await replaceSymbolBody(ports, input({ filePath: 'src/calc.ts', symbol: 'target', mode: 'replace-node', replacement }), neverAborted),
    );
    const expected = GLOBS.replace('export function target() {\n  return 2;\n}', replacement);
    expect(writtenText(writer, path, GLOBS)).toBe(expected);
    expect(expected).toContain('export function keepMe() {');
    expect(result).toMatchObject({ linesRemoved: 3, linesAdded: 4 });
  });

  it('refuses another construct in place of the declaration and writes nothing', async () => {
    const { ports, writer } = workspace();
    const error = errorOf(await replaceSymbolBody(ports, input({ mode: 'replace-node', replacement: 'total = 5;' }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(error.message).toContain('a property');
    expect(writer.written).toEqual([]);
  });

  it('refuses two declarations in place of one', async () => {
    const { ports, writer } = workspace();
    const error = errorOf(await replaceSymbolBody(ports, input({ mode: 'replace-node', replacement: `${SUB}\n\nmul() {}` }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(error.message).toContain('not exactly one declaration');
    expect(writer.written).toEqual([]);
  });

  it('refuses an empty replacement', async () => {
    const { ports, writer } = workspace();
    const error = errorOf(await replaceSymbolBody(ports, input({ mode: 'replace-node', replacement: '  \n' }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(writer.written).toEqual([]);
  });
});

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
