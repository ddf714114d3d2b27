import { describe, expect, it } from 'vitest';
import { neverAborted } from '../../src/testing/index.js';
import { formatFile } from '../../src/use-cases/format-file.js';
import { ROOT, Workspace, errorOf, successOf } from '../workspace-fixture.js';

const TEXT = 'function f() {\n    return  1;\n}\n';

function fixture(properties: Record<string, string | number | boolean> = {}): { ws: Workspace; path: string } {
  const ws = new Workspace();
  const path = ws.file('src/f.ts', TEXT);
  ws.symbols.actions.format = (query, text) => {
    const at = text.indexOf('  1;');
    return at >= 0 && (query.range === undefined || query.range.start <= at) ? [{ path, start: at, length: 2, newText: ' ' }] : [];
  };
  return { ws: Object.assign(ws, { ports: { ...ws.ports, editorSettings: { propertiesOf: () => Promise.resolve(properties) } } }), path };
}

describe('formatFile', () => {
  it("writes the formatter's edits from the exact text they were computed from, with the project's settings", async () => {
    const { ws, path } = fixture({ indent_style: 'space', indent_size: 2 });
    const result = successOf(await formatFile(ws.ports, { workspaceRoot: ROOT, filePath: 'src/f.ts' }, neverAborted));
    expect(ws.writer.written).toEqual([[{ path, expectedText: TEXT, newText: TEXT.replace('  1', ' 1') }]]);
    expect(result).toEqual({
      success: true,
      filePath: 'src/f.ts',
      changeCount: 1,
      changes: [{ line: 2, oldText: '    return  1;', newText: '    return 1;' }],
      applied: true,
    });
    expect(ws.symbols.actions.formatQueries[0]).toEqual({ path, settings: { indentSize: 2, tabSize: 2, insertSpaces: true } });
  });

  it('formats whole lines of a range, and writes nothing on a dry run', async () => {
    const { ws, path } = fixture();
    const result = successOf(
      await formatFile(ws.ports, { workspaceRoot: ROOT, filePath: 'src/f.ts', line: 2, dryRun: true }, neverAborted),
    );
    expect(result.applied).toBe(false);
    expect(result.changes).toHaveLength(1);
    expect(ws.writer.written).toEqual([]);
    expect(ws.symbols.actions.formatQueries[0]?.range).toEqual({ start: TEXT.indexOf('    return'), end: TEXT.indexOf('\n}') });
    expect(ws.symbols.actions.formatQueries[0]?.settings).toEqual({ indentSize: 4, tabSize: 4, insertSpaces: true });
    expect(path).toBeDefined();
  });

  it('answers a formatted file without writing, and edits that change nothing count for nothing', async () => {
    const { ws, path } = fixture();
    ws.symbols.actions.format = () => [{ path, start: 0, length: 8, newText: 'function' }];
    const result = successOf(await formatFile(ws.ports, { workspaceRoot: ROOT, filePath: 'src/f.ts' }, neverAborted));
    expect(result).toMatchObject({ changeCount: 0, changes: [], applied: false });
    expect(ws.writer.written).toEqual([]);
  });

  it('refuses a line beyond the file and an endLine before line', async () => {
    const { ws } = fixture();
    expect(errorOf(await formatFile(ws.ports, { workspaceRoot: ROOT, filePath: 'src/f.ts', line: 7 }, neverAborted)).code).toBe(
      'INVALID_POSITION',
    );
    expect(errorOf(await formatFile(ws.ports, { workspaceRoot: ROOT, filePath: 'src/f.ts', line: 2, endLine: 1 }, neverAborted)).code).toBe(
      'INVALID_INPUT',
    );
  });
});
