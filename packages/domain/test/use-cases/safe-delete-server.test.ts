import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { FakeServerSyntax, FakeSourceSyntax, neverAborted, toyPythonOutline } from '../../src/testing/index.js';
import type { BridgePorts } from '../../src/use-cases/ports.js';
import { safeDelete } from '../../src/use-cases/safe-delete.js';
import { ROOT, Workspace, errorOf, successOf } from '../workspace-fixture.js';

/*
 * safe_delete in a file the bridge has no parser for: the file's language server (a fake
 * reading a toy Python) finds the declaration and checks the text without it.
 */

const GEO_PY = `import math


def area(r):
    return math.pi * r * r


# Twice x.
def double(x):
    return x * 2


print(area(1))
`;

/** A parser port that reads no Python, as the bridge's. */
class TypeScriptOnly extends FakeSourceSyntax {
  parses(path: string): boolean {
    return !path.endsWith('.py');
  }
}

function workspace(): { ws: Workspace; ports: BridgePorts } {
  const ws = new Workspace();
  const path = ws.file('geo.py', GEO_PY);
  ws.symbols.outlines.set(path, toyPythonOutline(GEO_PY));
  ws.symbols.addSymbolByText('double', [path]);
  const ports: BridgePorts = {
    ...ws.ports,
    syntax: new TypeScriptOnly(),
    serverSyntax: new FakeServerSyntax(),
    languages: { extensions: () => ['.ts', '.py'] },
  };
  return { ws, ports };
}

describe('safeDelete in a file its language server reads', () => {
  it('removes the declaration with the comment lines right above it and the two blank lines that separated it', async () => {
    const { ws, ports } = workspace();
    const result = successOf(await safeDelete(ports, { workspaceRoot: ROOT, filePath: 'geo.py', symbol: 'double' }, neverAborted));
    expect(result.removed).toEqual([{ startLine: 8, endLine: 10 }]);
    expect(ws.writer.written[0]?.[0]?.newText).toBe(GEO_PY.replace('# Twice x.\ndef double(x):\n    return x * 2\n\n\n', ''));
  });

  it('refuses with UNSUPPORTED_FILE_TYPE, naming safe_delete, when no server reads the file', async () => {
    const { ws, ports } = workspace();
    const error = errorOf(
      await safeDelete({ ...ports, serverSyntax: undefined }, { workspaceRoot: ROOT, filePath: 'geo.py', symbol: 'double' }, neverAborted),
    );
    expect(error.code).toBe(ErrorCode.UNSUPPORTED_FILE_TYPE);
    expect(error.message).toMatch(/^safe_delete cannot check a deletion in geo\.py: the bridge has no parser/);
    expect(ws.writer.written).toEqual([]);
  });
});
