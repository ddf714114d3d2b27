import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { neverAborted } from '../../src/testing/index.js';
import { errorOf, locate, successOf } from '../workspace-fixture.js';
import { replaceSymbolBody } from '../../src/use-cases/replace-symbol-body.js';
import { ADD_BODY, ADD_METHOD, CALC_TS, input, lineOf, workspace, writtenText } from './replace-symbol-body-fixture.js';

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
