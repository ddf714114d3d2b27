import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { PositionInput } from '../../src/model/inputs.js';
import type { Signal } from '../../src/model/signal.js';
import { neverAborted } from '../../src/testing/index.js';
import { ROOT, Workspace, codePointCount, errorOf, lineCountOf, locate, successOf } from '../workspace-fixture.js';
import { findReferences } from '../../src/use-cases/find-references.js';
import { getDiagnostics } from '../../src/use-cases/get-diagnostics.js';
import { goToDefinition } from '../../src/use-cases/go-to-definition.js';
import type { BridgePorts } from '../../src/use-cases/ports.js';
import { renameSymbol } from '../../src/use-cases/rename-symbol.js';

type PositionUseCase = (ports: BridgePorts, input: PositionInput, signal: Signal) => Promise<object>;

/** Every use-case that starts from a position resolves it the same way. */
const positionUseCases: [string, PositionUseCase][] = [
  ['findReferences', (ports, input, signal) => findReferences(ports, input, signal)],
  ['goToDefinition', (ports, input, signal) => goToDefinition(ports, input, signal)],
  ['renameSymbol', (ports, input, signal) => renameSymbol(ports, { ...input, newName: 'renamed' }, signal)],
];

const A_TS = 'export const total = 1;\n\nlog("😀", total + count);\n';

function workspace(): Workspace {
  const ws = new Workspace();
  const a = ws.file('src/a.ts', A_TS);
  ws.symbols.addSymbolByText('total', [a]);
  ws.file('/w/app-evil/x.ts', 'export const total = 1;\n');
  ws.file('/w/elsewhere/x.ts', 'export const total = 1;\n');
  ws.file('README.md', '# total\n');
  return ws;
}

describe.each(positionUseCases)('%s resolves its target', (_name, useCase) => {
  const at = (ws: Workspace, input: Partial<PositionInput>): Promise<object> => {
    const total = locate(A_TS, 'total');
    return useCase(ws.ports, { workspaceRoot: ROOT, filePath: 'src/a.ts', line: total.line, column: total.column, ...input }, neverAborted);
  };

  it('refuses a relative workspaceRoot with WORKSPACE_NOT_FOUND', async () => {
    const error = errorOf(await at(workspace(), { workspaceRoot: 'w/app' }));
    expect(error.code).toBe(ErrorCode.WORKSPACE_NOT_FOUND);
    expect(error.message).toContain('absolute');
  });

  it('refuses a missing workspaceRoot with WORKSPACE_NOT_FOUND', async () => {
    const error = errorOf(await at(workspace(), { workspaceRoot: '/w/missing' }));
    expect(error.code).toBe(ErrorCode.WORKSPACE_NOT_FOUND);
    expect(error.message).toContain('/w/missing');
  });

  it('refuses a workspaceRoot that is a file with WORKSPACE_NOT_FOUND', async () => {
    const error = errorOf(await at(workspace(), { workspaceRoot: `${ROOT}/src/a.ts` }));
    expect(error.code).toBe(ErrorCode.WORKSPACE_NOT_FOUND);
    expect(error.message).toContain('not a directory');
  });

  it('refuses a path holding a NUL character with INVALID_INPUT, not as an unreadable file', async () => {
    expect(errorOf(await at(workspace(), { filePath: 'src/a\0.ts' })).code).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await at(workspace(), { workspaceRoot: `${ROOT}\0` })).code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('quotes a megabyte-long path briefly in its error', async () => {
    const error = errorOf(await at(workspace(), { filePath: `src/${'x'.repeat(1_000_000)}.ts` }));
    expect(error.code).toBe(ErrorCode.FILE_NOT_FOUND);
    expect(error.message.length).toBeLessThan(400);
  });

  it('refuses a missing file with FILE_NOT_FOUND', async () => {
    const error = errorOf(await at(workspace(), { filePath: 'src/missing.ts' }));
    expect(error.code).toBe(ErrorCode.FILE_NOT_FOUND);
    expect(error.message).toContain('src/missing.ts');
  });

  it('refuses a directory with FILE_NOT_FOUND', async () => {
    const error = errorOf(await at(workspace(), { filePath: 'src' }));
    expect(error.code).toBe(ErrorCode.FILE_NOT_FOUND);
    expect(error.message).toContain('directory');
  });

  it('refuses an empty filePath with INVALID_INPUT', async () => {
    expect(errorOf(await at(workspace(), { filePath: ' ' })).code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('refuses a path whose ".." climbs out of the root with PATH_OUTSIDE_WORKSPACE', async () => {
    const error = errorOf(await at(workspace(), { filePath: '../app-evil/x.ts' }));
    expect(error.code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
    expect(error.message).toContain('../app-evil/x.ts');
  });

  it('refuses an absolute path in a sibling directory with PATH_OUTSIDE_WORKSPACE', async () => {
    expect(errorOf(await at(workspace(), { filePath: '/w/app-evil/x.ts' })).code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
  });

  it('refuses a missing absolute path outside the root with PATH_OUTSIDE_WORKSPACE, not FILE_NOT_FOUND', async () => {
    expect(errorOf(await at(workspace(), { filePath: '/w/app-evil/missing.ts' })).code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
  });

  it('refuses a symlink that leads out of the root with PATH_OUTSIDE_WORKSPACE, naming where it leads', async () => {
    const ws = workspace();
    ws.files.addSymlink(`${ROOT}/src/link.ts`, '/w/elsewhere/x.ts');
    const error = errorOf(await at(ws, { filePath: 'src/link.ts', line: 1, column: 14 }));
    expect(error.code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
    expect(error.message).toContain('/w/elsewhere/x.ts');
  });

  it('refuses a file under a symlinked directory that leads out of the root', async () => {
    const ws = workspace();
    ws.files.addSymlink(`${ROOT}/vendor`, '../elsewhere');
    expect(errorOf(await at(ws, { filePath: 'vendor/x.ts', line: 1, column: 14 })).code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
  });

  it('refuses a file that is not TypeScript or JavaScript with UNSUPPORTED_FILE_TYPE', async () => {
    const error = errorOf(await at(workspace(), { filePath: 'README.md', line: 1, column: 3 }));
    expect(error.code).toBe(ErrorCode.UNSUPPORTED_FILE_TYPE);
    expect(error.message).toContain('README.md');
  });

  it('refuses a file no configured language serves with UNSUPPORTED_FILE_TYPE saying how to configure one', async () => {
    const ws = workspace();
    ws.files.addFile(`${ROOT}/tool.rb`, 'total = 1\n');
    const languages = { extensions: () => ['.ts', '.py'] };
    const error = errorOf(
      await useCase({ ...ws.ports, languages }, { workspaceRoot: ROOT, filePath: 'tool.rb', line: 1, column: 1 }, neverAborted),
    );
    expect(error.code).toBe(ErrorCode.UNSUPPORTED_FILE_TYPE);
    expect(error.message).toContain('.py');
    expect(error.resolution).toContain('.lsp.json');
    expect(error.resolution).toContain('".rb"');
    expect(error.resolution).not.toContain('<workspaceRoot>');
  });

  it("names the .lsp.json the languages say configures the workspace's servers, where UNSUPPORTED_FILE_TYPE says to add one", async () => {
    const ws = workspace();
    ws.files.addFile(`${ROOT}/tool.rb`, 'total = 1\n');
    // As LSP_BRIDGE_CONFIG would name it: not the workspace's own file.
    const languages = { extensions: () => ['.ts'], configFile: (root: string) => `${root}/conf/servers.json` };
    const error = errorOf(
      await useCase({ ...ws.ports, languages }, { workspaceRoot: ROOT, filePath: 'tool.rb', line: 1, column: 1 }, neverAborted),
    );
    expect(error.code).toBe(ErrorCode.UNSUPPORTED_FILE_TYPE);
    expect(error.resolution).toContain(`To add one, name it in ${ROOT}/conf/servers.json, e.g. {`);
  });

  it('accepts a file of a language the workspace configures', async () => {
    const ws = workspace();
    ws.files.addFile(`${ROOT}/tool.py`, 'total = 1\n');
    const languages = { extensions: (root: string) => (root === ROOT ? ['.ts', '.py'] : []) };
    const answer = await useCase(
      { ...ws.ports, languages },
      { workspaceRoot: ROOT, filePath: 'tool.py', line: 1, column: 1 },
      neverAborted,
    );
    expect(JSON.stringify(answer)).not.toContain(ErrorCode.UNSUPPORTED_FILE_TYPE);
  });

  it('refuses a file the index cannot read with FILE_UNREADABLE', async () => {
    const ws = workspace();
    ws.files.addFile(`${ROOT}/src/binary.js`, '');
    expect(errorOf(await at(ws, { filePath: 'src/binary.js', line: 1, column: 1 })).code).toBe(ErrorCode.FILE_UNREADABLE);
  });

  it('refuses a line past the end with INVALID_POSITION naming the line count', async () => {
    const lines = lineCountOf(A_TS);
    const error = errorOf(await at(workspace(), { line: lines + 1, column: 1 }));
    expect(error.code).toBe(ErrorCode.INVALID_POSITION);
    expect(error.message).toContain(`${lines} lines`);
    expect(error.resolution).toContain(`between 1 and ${lines}`);
  });

  it('refuses line 0 with INVALID_POSITION', async () => {
    expect(errorOf(await at(workspace(), { line: 0, column: 1 })).code).toBe(ErrorCode.INVALID_POSITION);
  });

  it('refuses a column past the end of the line with INVALID_POSITION naming the line length in characters', async () => {
    const { line, lineText } = locate(A_TS, 'log(');
    const length = codePointCount(lineText);
    const error = errorOf(await at(workspace(), { line, column: length + 2 }));
    expect(error.code).toBe(ErrorCode.INVALID_POSITION);
    expect(error.message).toContain(`${length} characters`);
    expect(error.resolution).toContain(`between 1 and ${length + 1}`);
  });

  it('answers NO_SYMBOL_AT_POSITION off a symbol, listing the identifiers on the line with their columns', async () => {
    const plus = locate(A_TS, '+');
    const error = errorOf(await at(workspace(), { line: plus.line, column: plus.column }));
    expect(error.code).toBe(ErrorCode.NO_SYMBOL_AT_POSITION);
    const columns = ['log', 'total', 'count'].map((name) => `${name} (column ${locate(A_TS, name === 'total' ? 'total +' : name).column})`);
    expect(error.resolution).toContain(`Identifiers on line ${plus.line}: ${columns.join(', ')}`);
  });

  it('takes a word in a string for a symbol where the server defines that name from it (a forward reference), else not', async () => {
    const PY = 'def f(p: "Position") -> None:  # Position here\n    return "Position"\n\n\nclass Position:\n    pass\n';
    const ws = new Workspace();
    const path = ws.file('src/spans.ts', PY);
    ws.symbols.skipsStringsAndComments = true;
    const span = (needle: string, nth = 0): { path: string; start: number; length: number } => {
      let start = -1;
      for (let i = 0; i <= nth; i++) start = PY.indexOf(needle, start + 1);
      return { path, start: start + needle.indexOf('Position'), length: 'Position'.length };
    };
    // The server resolves the forward reference only; the comment and the returned string are text.
    ws.symbols.symbols.push({ name: 'Position', declarations: [span('class Position')], usages: [span('"Position")')] });
    const ask = (needle: string): Promise<object> => {
      const at = locate(PY, needle);
      return useCase(ws.ports, { workspaceRoot: ROOT, filePath: 'src/spans.ts', line: at.line, column: at.column + 2 }, neverAborted);
    };
    for (const needle of ['Position here', '"Position"\n'])
      expect(errorOf(await ask(needle)).code, needle).toBe(ErrorCode.NO_SYMBOL_AT_POSITION);
    const answer = await ask('"Position")');
    expect('success' in answer && answer.success === false ? errorOf(answer).code : 'answered').not.toBe(ErrorCode.NO_SYMBOL_AT_POSITION);
  });

  it('answers NO_SYMBOL_AT_POSITION on an empty line, saying it has no identifier', async () => {
    const error = errorOf(await at(workspace(), { line: 2, column: 1 }));
    expect(error.code).toBe(ErrorCode.NO_SYMBOL_AT_POSITION);
    expect(error.resolution).toContain('no identifier');
  });

  it('accepts an absolute filePath inside the root', async () => {
    successOf(await at(workspace(), { filePath: `${ROOT}/src/a.ts` }));
  });

  it('accepts the column just after the last character of a symbol', async () => {
    const total = locate(A_TS, 'total');
    successOf(await at(workspace(), { column: total.column + 'total'.length }));
  });

  it('accepts a workspaceRoot reached through a symlink', async () => {
    const ws = workspace();
    ws.files.addSymlink('/home/me/app', ROOT);
    successOf(await at(ws, { workspaceRoot: '/home/me/app' }));
  });

  it('accepts an absolute filePath spelled through the symlinked workspaceRoot', async () => {
    const ws = workspace();
    ws.files.addSymlink('/home/me/app', ROOT);
    successOf(await at(ws, { workspaceRoot: '/home/me/app', filePath: '/home/me/app/src/a.ts' }));
  });
});

describe('getDiagnostics resolves its target', () => {
  it('refuses a missing workspaceRoot with WORKSPACE_NOT_FOUND', async () => {
    expect(errorOf(await getDiagnostics(workspace().ports, { workspaceRoot: '/w/missing' }, neverAborted)).code).toBe(
      ErrorCode.WORKSPACE_NOT_FOUND,
    );
  });

  it('refuses a missing file with FILE_NOT_FOUND', async () => {
    const result = await getDiagnostics(workspace().ports, { workspaceRoot: ROOT, filePath: 'src/missing.ts' }, neverAborted);
    expect(errorOf(result).code).toBe(ErrorCode.FILE_NOT_FOUND);
  });

  it('refuses a file outside the root with PATH_OUTSIDE_WORKSPACE', async () => {
    const result = await getDiagnostics(workspace().ports, { workspaceRoot: ROOT, filePath: '../app-evil/x.ts' }, neverAborted);
    expect(errorOf(result).code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
  });

  it('refuses an unsupported file with UNSUPPORTED_FILE_TYPE', async () => {
    const result = await getDiagnostics(workspace().ports, { workspaceRoot: ROOT, filePath: 'README.md' }, neverAborted);
    expect(errorOf(result).code).toBe(ErrorCode.UNSUPPORTED_FILE_TYPE);
  });
});
