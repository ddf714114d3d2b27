import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { ReplaceSymbolBodyInput } from '../../src/model/inputs.js';
import { FakeServerSyntax, FakeSourceSyntax, neverAborted, toyPythonOutline, type RecordingFileWriter } from '../../src/testing/index.js';
import type { BridgePorts } from '../../src/use-cases/ports.js';
import { replaceSymbolBody } from '../../src/use-cases/replace-symbol-body.js';
import { ROOT, Workspace, errorOf, successOf } from '../workspace-fixture.js';
import { SyncingWriter, input as tsInput, workspace as tsWorkspace } from './replace-symbol-body-fixture.js';

/*
 * replace_symbol_body in a file the bridge has no parser for: the file's language server
 * (here a fake reading a toy Python) reads the old and the new text in memory, and the
 * domain's rules decide from its readings.
 */

const GEO_PY = `import math


def area(r):  # circle
    """Area."""
    return math.pi * r * r


def double(x):
    return x * 2
`;

/** A parser port that reads no Python, as the bridge's. */
class TypeScriptOnly extends FakeSourceSyntax {
  parses(path: string): boolean {
    return !path.endsWith('.py');
  }
}

function workspace(text = GEO_PY): { ports: BridgePorts; writer: SyncingWriter; server: FakeServerSyntax; path: string } {
  const ws = new Workspace();
  const path = ws.file('geo.py', text);
  ws.symbols.outlines.set(path, toyPythonOutline(text));
  const writer = new SyncingWriter(ws, toyPythonOutline);
  const server = new FakeServerSyntax();
  const ports: BridgePorts = {
    ...ws.ports,
    writer,
    syntax: new TypeScriptOnly(),
    serverSyntax: server,
    languages: { extensions: () => ['.ts', '.py'] },
  };
  return { ports, writer, server, path };
}

function input(extra: Partial<ReplaceSymbolBodyInput>): ReplaceSymbolBodyInput {
  return { workspaceRoot: ROOT, filePath: 'geo.py', symbol: 'area', mode: 'replace-body', replacement: 'return r * r', ...extra };
}

function written(writer: RecordingFileWriter): string {
  expect(writer.written).toHaveLength(1);
  return writer.written[0]?.[0]?.newText ?? '';
}

describe('replaceSymbolBody in a file its language server reads', () => {
  it('replaces the indented body under the header, after the server has read the new text in memory', async () => {
    const { ports, writer, server } = workspace();
    const result = successOf(await replaceSymbolBody(ports, input({ replacement: 'if r < 0:\n    return 0\nreturn r * r' }), neverAborted));
    const expected = GEO_PY.replace('    """Area."""\n    return math.pi * r * r', '    if r < 0:\n        return 0\n    return r * r');
    expect(written(writer)).toBe(expected);
    expect(server.texts).toEqual([GEO_PY, expected]);
    expect(result).toMatchObject({ symbolName: 'area', applied: true, linesRemoved: 2, linesAdded: 3, introducedDiagnostics: [] });
  });

  it('refuses a body with a new syntax error as INVALID_REPLACEMENT, naming where, and writes nothing', async () => {
    const { ports, writer } = workspace();
    const error = errorOf(await replaceSymbolBody(ports, input({ replacement: 'return r +' }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(error.message).toBe(
      'The replacement does not parse in geo.py: line 5, column 15: Expected expression (Fake). Nothing was written.',
    );
    expect(error.resolution).toContain('indented block');
    expect(writer.written).toEqual([]);
  });

  it('does not count a syntax error the file already had as new', async () => {
    const broken = `${GEO_PY}\nTOTAL = 1 +\n`;
    const { ports, writer } = workspace(broken);
    successOf(await replaceSymbolBody(ports, input({}), neverAborted));
    expect(written(writer)).toBe(broken.replace('    """Area."""\n    return math.pi * r * r', '    return r * r'));
  });

  it("refuses with UNSUPPORTED_FILE_TYPE, giving the server's reason, when the server cannot tell syntax errors apart", async () => {
    const { ports, writer, server } = workspace();
    server.unchecked = 'its language server (pylsp) is not known to tell its syntax errors from its other errors';
    const error = errorOf(await replaceSymbolBody(ports, input({}), neverAborted));
    expect(error.code).toBe(ErrorCode.UNSUPPORTED_FILE_TYPE);
    expect(error.message).toContain('pylsp');
    expect(error.message).toContain('nothing unchecked is written');
    expect(writer.written).toEqual([]);
  });

  it('refuses with UNSUPPORTED_FILE_TYPE when no server reads the file', async () => {
    const { ports, writer } = workspace();
    const error = errorOf(await replaceSymbolBody({ ...ports, serverSyntax: undefined }, input({}), neverAborted));
    expect(error.code).toBe(ErrorCode.UNSUPPORTED_FILE_TYPE);
    expect(error.message).toContain('no parser');
    expect(writer.written).toEqual([]);
  });

  it('replaces a whole declaration, keeping the indentation of its lines as written', async () => {
    const { ports, writer } = workspace();
    const replacement = 'def double(x):\n    if x:\n        return x + x\n    return 0';
    const result = successOf(await replaceSymbolBody(ports, input({ symbol: 'double', mode: 'replace-node', replacement }), neverAborted));
    expect(written(writer)).toBe(GEO_PY.replace('def double(x):\n    return x * 2', replacement));
    expect(result.symbolName).toBe('double');
  });

  it('refuses a replace-node replacement that is two declarations, writing nothing', async () => {
    const { ports, writer } = workspace();
    const replacement = 'def double(x):\n    return 2 * x\n\ndef triple(x):\n    return 3 * x';
    const error = errorOf(await replaceSymbolBody(ports, input({ symbol: 'double', mode: 'replace-node', replacement }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(error.message).toContain('not exactly one declaration');
    expect(writer.written).toEqual([]);
  });

  it('asks for "pass" to empty an indented body', async () => {
    const { ports } = workspace();
    const error = errorOf(await replaceSymbolBody(ports, input({ replacement: '  ' }), neverAborted));
    expect(error.code).toBe(ErrorCode.INVALID_REPLACEMENT);
    expect(error.resolution).toContain('"pass"');
  });

  it('checks a dry run the same way and writes nothing', async () => {
    const { ports, writer } = workspace();
    expect(successOf(await replaceSymbolBody(ports, input({ dryRun: true }), neverAborted)).applied).toBe(false);
    expect(errorOf(await replaceSymbolBody(ports, input({ dryRun: true, replacement: 'return (' }), neverAborted)).code).toBe(
      ErrorCode.INVALID_REPLACEMENT,
    );
    expect(writer.written).toEqual([]);
  });

  it('never shows the server a file the parser reads', async () => {
    const { ports, writer, path } = tsWorkspace();
    const server = new FakeServerSyntax();
    successOf(await replaceSymbolBody({ ...ports, serverSyntax: server }, tsInput({}), neverAborted));
    expect(writer.written[0]?.[0]?.path).toBe(path);
    expect(server.texts).toEqual([]);
  });
});
