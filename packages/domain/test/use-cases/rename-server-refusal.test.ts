import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { ServerFailureException, type ServerFailure } from '../../src/errors/server-failure.js';
import { neverAborted } from '../../src/testing/index.js';
import { renameSymbol } from '../../src/use-cases/rename-symbol.js';
import { ROOT, Workspace, errorOf, locate } from '../workspace-fixture.js';

// The fake index serves TypeScript's extensions; the server's answer is what the test is about.
const SCALE = 'export function Scale(x: number) {\n  return x * 2;\n}\n\nexport function Double(x: number) {\n  return Scale(x);\n}\n';

/** A server that answers the rename of `Scale` with an error saying `message`. */
function refusingWorkspace(message: string): { ws: Workspace; input: Parameters<typeof renameSymbol>[1] } {
  const ws = new Workspace();
  const path = ws.file('geometry/scale.ts', SCALE);
  ws.symbols.addSymbolByText('Scale', [path]);
  const failure: ServerFailure = {
    server: 'gopls',
    language: 'Go',
    otherBackend: false,
    what: { kind: 'refused', method: 'textDocument/rename', message },
  };
  ws.symbols.locationsAt = () => {
    throw new ServerFailureException(failure);
  };
  const { line, column } = locate(SCALE, 'Scale(x: number)');
  return { ws, input: { workspaceRoot: ROOT, filePath: 'geometry/scale.ts', line, column, newName: 'Double' } };
}

describe('a rename the language server refuses', () => {
  it("is RENAME_CONFLICT naming the file and the server's reason when the server says the name is taken, and writes nothing", async () => {
    const { ws, input } = refusingWorkspace('renaming this func "Scale" to "Double" conflicts with func in same block');
    const error = errorOf(await renameSymbol(ws.ports, input, neverAborted));
    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error.message).toContain('geometry/scale.ts');
    expect(error.message).toContain('gopls says renaming this func "Scale" to "Double" conflicts with func in same block');
    expect(ws.writer.written).toEqual([]);
  });

  it("is the server's failure, worded for that server, when it refuses for another reason", async () => {
    const { ws, input } = refusingWorkspace('no identifier found');
    const error = errorOf(await renameSymbol(ws.ports, input, neverAborted));
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toBe('gopls failed textDocument/rename: no identifier found');
    expect(error.resolution).not.toContain('tsservice');
    expect(ws.writer.written).toEqual([]);
  });
});
