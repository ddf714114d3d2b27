import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { DiagnosticItem } from '../../src/model/results.js';
import type { DiagnosticRecord, Progress } from '../../src/ports/symbol-index.js';
import type { DiagnosticCategory } from '../../src/rules/severity.js';
import { MAX_MESSAGE_LENGTH } from '../../src/rules/answer-size.js';
import { neverAborted } from '../../src/testing/index.js';
import { ROOT, Workspace, abortedSignal, codePointCount, errorOf, locate, successOf } from '../workspace-fixture.js';
import { getDiagnostics } from '../../src/use-cases/get-diagnostics.js';

const A_TS = 'const x: number = "a";\nfoo();\n';
const B_TS = 'let s = "😀"; let unused = 1;\nexport {};\n';
const C_JS = 'module.exports = {\n  a: 1,\n};\n';

/** A record on the first `needle` in `text`. */
function record(
  path: string,
  text: string,
  needle: string,
  category: DiagnosticCategory,
  code: number | string,
  message: string,
): DiagnosticRecord {
  return { path, start: locate(text, needle).offset, length: needle.length, category, code, message };
}

/** The item FS-001 expects for a record on the first `needle` in `text`, worked out from the fixture. */
function item(
  filePath: string,
  text: string,
  needle: string,
  severity: DiagnosticItem['severity'],
  code: string,
  message: string,
): DiagnosticItem {
  const start = locate(text, needle);
  return {
    filePath,
    line: start.line,
    column: start.column,
    endLine: start.line,
    endColumn: start.column + codePointCount(needle),
    severity,
    code,
    message,
    codeSnippet: start.lineText,
  };
}

function workspace(): { ws: Workspace; a: string; b: string; c: string } {
  const ws = new Workspace();
  const a = ws.file('src/a.ts', A_TS);
  const b = ws.file('src/b.ts', B_TS);
  const c = ws.file('lib/c.js', C_JS);
  ws.symbols.fileDiagnostics.set(a, [
    record(a, A_TS, 'foo', 'error', 2304, "Cannot find name 'foo'."),
    record(a, A_TS, 'x', 'error', 2322, "Type 'string' is not assignable to type 'number'."),
  ]);
  ws.symbols.fileDiagnostics.set(b, [record(b, B_TS, 'unused', 'suggestion', 6133, "'unused' is declared but its value is never read.")]);
  ws.symbols.fileDiagnostics.set(c, [
    record(c, C_JS, 'module', 'message', 80001, 'File is a CommonJS module; it may be converted to an ES module.'),
    record(c, C_JS, 'a: 1', 'warning', 'custom-rule', 'A custom warning.'),
  ]);
  return { ws, a, b, c };
}

describe('getDiagnostics', () => {
  it("returns one file's diagnostics with positions, severity, TS code, message and snippet, in line order", async () => {
    const { ws } = workspace();
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, filePath: 'src/a.ts' }, neverAborted));
    expect(result).toEqual({
      success: true,
      diagnostics: [
        item('src/a.ts', A_TS, 'x', 'error', 'TS2322', "Type 'string' is not assignable to type 'number'."),
        item('src/a.ts', A_TS, 'foo', 'error', 'TS2304', "Cannot find name 'foo'."),
      ],
      errorCount: 2,
      warningCount: 0,
      infoCount: 0,
      hintCount: 0,
      fileCount: 1,
    });
  });

  it('lists only the severities asked for, and still counts every diagnostic found and its files', async () => {
    const { ws } = workspace();
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, severity: ['error', 'warning'] }, neverAborted));
    expect(result.diagnostics.map((d) => `${d.filePath} ${d.severity} ${d.code}`)).toEqual([
      'lib/c.js warning custom-rule',
      'src/a.ts error TS2322',
      'src/a.ts error TS2304',
    ]);
    expect(result).toMatchObject({ errorCount: 2, warningCount: 1, infoCount: 1, hintCount: 1, fileCount: 3 });
    const hints = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, severity: ['hint'] }, neverAborted));
    expect(hints.diagnostics).toEqual([
      item('src/b.ts', B_TS, 'unused', 'hint', 'TS6133', "'unused' is declared but its value is never read."),
    ]);
  });

  it('lists every severity when severity is absent, as FS-001 asks', async () => {
    const { ws } = workspace();
    const all = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    const every = successOf(
      await getDiagnostics(ws.ports, { workspaceRoot: ROOT, severity: ['hint', 'info', 'warning', 'error'] }, neverAborted),
    );
    expect(new Set(all.diagnostics.map((d) => d.severity))).toEqual(new Set(['error', 'warning', 'info', 'hint']));
    expect(every).toEqual(all);
  });

  it('refuses an unknown or empty severity list with INVALID_INPUT naming the four severities', async () => {
    const { ws } = workspace();
    const unknown = errorOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, severity: ['error', 'fatal'] }, neverAborted));
    expect(unknown.code).toBe(ErrorCode.INVALID_INPUT);
    expect(unknown.message).toContain('"fatal"');
    expect(unknown.resolution).toContain('"error", "warning", "info", "hint"');
    const empty = errorOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, severity: [] }, neverAborted));
    expect(empty.code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('counts end columns in code points after an emoji', async () => {
    const { ws } = workspace();
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, filePath: 'src/b.ts' }, neverAborted));
    expect(result.diagnostics).toEqual([
      item('src/b.ts', B_TS, 'unused', 'hint', 'TS6133', "'unused' is declared but its value is never read."),
    ]);
  });

  it('reports the end line of a diagnostic spanning lines', async () => {
    const ws = new Workspace();
    const text = C_JS.replace('module.exports =', 'const o =');
    const path = ws.file('src/obj.ts', text);
    const start = locate(text, '{');
    const end = locate(text, '}');
    ws.symbols.fileDiagnostics.set(path, [
      { path, start: start.offset, length: end.offset + 1 - start.offset, category: 'error', code: 1, message: 'm' },
    ]);
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, filePath: 'src/obj.ts' }, neverAborted));
    expect(result.diagnostics[0]).toMatchObject({ line: start.line, column: start.column, endLine: end.line, endColumn: end.column + 1 });
  });

  it('cuts a message quoting a huge identifier to MAX_MESSAGE_LENGTH with an ellipsis (found by the fuzz test)', async () => {
    const ws = new Workspace();
    const name = 'y'.repeat(40_000);
    const text = `${name};\n`;
    const path = ws.file('src/huge.ts', text);
    ws.symbols.fileDiagnostics.set(path, [record(path, text, name, 'error', 2304, `Cannot find name '${name}'.`)]);
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, filePath: 'src/huge.ts' }, neverAborted));
    const message = result.diagnostics[0]?.message ?? '';
    expect(message).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(message.startsWith("Cannot find name 'yyy")).toBe(true);
    expect(message.endsWith('…')).toBe(true);
  });

  it('returns the diagnostics of every project file, ordered by path, line and column, with counts of all four severities', async () => {
    const { ws } = workspace();
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    expect(result.diagnostics.map((d) => [d.filePath, d.line, d.column, d.severity, d.code])).toEqual([
      ['lib/c.js', 1, 1, 'info', 'TS80001'],
      ['lib/c.js', locate(C_JS, 'a: 1').line, locate(C_JS, 'a: 1').column, 'warning', 'custom-rule'],
      ['src/a.ts', 1, locate(A_TS, 'x').column, 'error', 'TS2322'],
      ['src/a.ts', 2, 1, 'error', 'TS2304'],
      ['src/b.ts', 1, locate(B_TS, 'unused').column, 'hint', 'TS6133'],
    ]);
    expect(result).toMatchObject({ errorCount: 2, warningCount: 1, infoCount: 1, hintCount: 1 });
    expect(result).not.toHaveProperty('failures');
  });

  it('leaves out diagnostics of node_modules and of files outside the root', async () => {
    const ws = new Workspace();
    const TEXT = 'x;\n';
    const dep = ws.file('node_modules/dep/index.d.ts', TEXT);
    const other = ws.file('/w/other/a.ts', TEXT);
    const own = ws.file('src/own.ts', TEXT);
    for (const path of [dep, other, own])
      ws.symbols.fileDiagnostics.set(path, [record(path, TEXT, 'x', 'error', 2304, "Cannot find name 'x'.")]);
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    expect(result.diagnostics.map((d) => d.filePath)).toEqual(['src/own.ts']);
    expect(result.errorCount).toBe(1);
  });

  it('reports progress of a project-wide check through the callback', async () => {
    const { ws } = workspace();
    const seen: Progress[] = [];
    successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted, { onProgress: (p) => seen.push(p) }));
    expect(seen).toEqual([
      { done: 0, total: 3, message: 'checking 3 files' },
      { done: 1, total: 3 },
      { done: 2, total: 3 },
      { done: 3, total: 3 },
    ]);
  });

  it('returns partial results with failures, paths relative to the root', async () => {
    const { ws } = workspace();
    ws.symbols.failures = [{ path: `${ROOT}/src/huge.ts`, reason: 'the file is too large' }];
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    expect(result.diagnostics).toHaveLength(5);
    expect(result.failures).toEqual([{ filePath: 'src/huge.ts', reason: 'the file is too large' }]);
  });

  it('returns LANGUAGE_SERVER_ERROR naming the failures when no file could be checked', async () => {
    const ws = new Workspace();
    ws.symbols.failures = [{ path: `${ROOT}/src/a.ts`, reason: 'tsconfig.json is invalid' }];
    const error = errorOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toContain('src/a.ts (tsconfig.json is invalid)');
  });

  it('returns zero counts for a clean workspace', async () => {
    const ws = new Workspace();
    ws.file('src/clean.ts', 'export {};\n');
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    expect(result).toEqual({ success: true, diagnostics: [], errorCount: 0, warningCount: 0, infoCount: 0, hintCount: 0, fileCount: 0 });
  });

  it('returns LANGUAGE_SERVER_ERROR when the index throws', async () => {
    const { ws } = workspace();
    ws.symbols.onCheck = (): void => {
      throw new Error('out of memory');
    };
    const error = errorOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toContain('out of memory');
  });

  it('returns CANCELLED when the signal is aborted', async () => {
    const { ws } = workspace();
    expect(errorOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, abortedSignal('stop'))).code).toBe(ErrorCode.CANCELLED);
  });
});

describe('getDiagnostics: which compiler answered', () => {
  const own = { version: '6.0.3', source: 'workspace', path: '/w/app/node_modules/typescript' } as const;
  const bundled = { version: '5.9.3', source: 'bundled', path: '/opt/bridge/node_modules/typescript' } as const;

  it("names the file's compiler, with the note of a bundled fallback", async () => {
    const { ws, a } = workspace();
    const note = '/w/app/package.json asks for typescript ^7.0.2, but it is not installed';
    ws.symbols.compilerUses.set(a, [{ ...bundled, note, projects: ['/w/app/tsconfig.json'] }]);
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT, filePath: 'src/a.ts' }, neverAborted));
    expect(result.compiler).toEqual({ ...bundled, note });
    expect(result).not.toHaveProperty('compilers');
  });

  it('names the compiler of most projects in a project-wide check and lists every compiler with its projects', async () => {
    const { ws } = workspace();
    ws.symbols.compilerUses.set('*', [
      { ...bundled, projects: ['/w/app/packages/b/tsconfig.json'] },
      { ...own, projects: ['/w/app/packages/c/tsconfig.json', '/w/app/packages/a/tsconfig.json'] },
    ]);
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    const ownItem = { ...own, projects: ['packages/a/tsconfig.json', 'packages/c/tsconfig.json'] };
    expect(result.compiler).toEqual(ownItem);
    expect(result.compilers).toEqual([ownItem, { ...bundled, projects: ['packages/b/tsconfig.json'] }]);
  });

  it('says nothing of compilers when the backend cannot tell', async () => {
    const { ws } = workspace();
    const result = successOf(await getDiagnostics(ws.ports, { workspaceRoot: ROOT }, neverAborted));
    expect(result).not.toHaveProperty('compiler');
    expect(result).not.toHaveProperty('compilers');
  });
});
