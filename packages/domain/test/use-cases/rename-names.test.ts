import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { RenameSymbolInput } from '../../src/model/inputs.js';
import { neverAborted } from '../../src/testing/index.js';
import { renameSymbol } from '../../src/use-cases/rename-symbol.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

describe("renameSymbol's newName in a language other than TypeScript", () => {
  const GO_NAMES = {
    language: 'Go',
    identifier: /^[\p{L}_][\p{L}\p{Nd}_]*$/u,
    identifierText: 'a letter or "_" followed by letters, digits or "_"',
    reserved: ['func', 'range'],
  };

  const MAIN_GO = 'package main\n\nfunc total() int { return 1 }\n';

  function goWorkspace(): Workspace {
    const ws = new Workspace();
    const path = ws.file('main.go', MAIN_GO);
    ws.symbols.addSymbolByText('total', [path]);
    return ws;
  }

  const goInput = (newName: string): RenameSymbolInput => {
    const { line, column } = locate(MAIN_GO, 'total()');
    return { workspaceRoot: ROOT, filePath: 'main.go', line, column, newName };
  };

  it.each(['func', '$total'])("refuses %s by the file language's rules, saying what a name is, and writes nothing", async (newName) => {
    const ws = goWorkspace();
    const languages = {
      extensions: () => ['.ts', '.go'],
      nameRules: (_root: string, path: string) => (path.endsWith('.go') ? GO_NAMES : undefined),
    };
    const error = errorOf(await renameSymbol({ ...ws.ports, languages }, goInput(newName), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_NEW_NAME);
    expect(error.message).toContain(`"${newName}"`);
    expect(error.message).toContain('a Go name is a letter or "_" followed by letters, digits or "_", and not a keyword');
    expect(ws.writer.written).toEqual([]);
  });

  it('accepts a name only JavaScript reserves', async () => {
    const ws = goWorkspace();
    const languages = { extensions: () => ['.ts', '.go'], nameRules: () => GO_NAMES };
    const result = successOf(await renameSymbol({ ...ws.ports, languages }, goInput('typeof'), neverAborted));
    expect(result.success).toBe(true);
  });
});
