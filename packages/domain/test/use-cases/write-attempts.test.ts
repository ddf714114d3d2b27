import { describe, expect, it } from 'vitest';
import { toolError, type ToolError } from '../../src/errors/bridge-error.js';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { neverAborted } from '../../src/testing/index.js';
import { renameSymbol } from '../../src/use-cases/rename-symbol.js';
import { replaceSymbolBody } from '../../src/use-cases/replace-symbol-body.js';
import { WRITE_ATTEMPTS, plannedAfresh } from '../../src/use-cases/write-attempts.js';
import { toyOutline } from '../declaration-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';
import { CALC_TS, input, workspace, writtenText } from './replace-symbol-body-fixture.js';

describe('plannedAfresh', () => {
  const changed = toolError(ErrorCode.FILE_CHANGED, 'src/a.ts changed on disk since the edit was computed. Nothing was changed.');

  it('answers the first attempt that is not FILE_CHANGED', async () => {
    const answers: (ToolError | { success: true })[] = [changed, changed, { success: true }];
    let made = 0;
    expect(await plannedAfresh(() => Promise.resolve(answers[made++] ?? changed))).toEqual({ success: true });
    expect(made).toBe(3);
  });

  it(`stops after ${WRITE_ATTEMPTS} attempts that each found a file changed, saying the file keeps changing`, async () => {
    let made = 0;
    const answer = await plannedAfresh(() => {
      made++;
      return Promise.resolve(changed);
    });
    expect(made).toBe(WRITE_ATTEMPTS);
    expect(answer).toMatchObject({ success: false, error: { code: ErrorCode.FILE_CHANGED } });
    const error = answer.error;
    expect(error.message).toContain(changed.error.message);
    expect(error.message).toContain(`planned ${WRITE_ATTEMPTS} times`);
    expect(error.resolution).toContain('keeps writing');
  });

  it('does not plan again after any other refusal', async () => {
    let made = 0;
    const answer = await plannedAfresh(() => {
      made++;
      return Promise.resolve(toolError(ErrorCode.WRITE_FAILED, 'disk full'));
    });
    expect(made).toBe(1);
    expect(answer.error.code).toBe(ErrorCode.WRITE_FAILED);
  });
});

const LIB = 'export function total(n: number) {\n  return n;\n}\n';
const USE = 'import { total } from "./lib";\nexport const t = total(1);\n';
const EDITED_USE = '// saved by an editor\nimport { total } from "./lib";\nexport const t = total(1) + total(2);\n';

/** lib.ts declares `total`, use.ts calls it; the index knows `total` by its spelling in both. */
function renameWorkspace(): { ws: Workspace; lib: string; use: string } {
  const ws = new Workspace();
  const lib = ws.file('src/lib.ts', LIB);
  const use = ws.file('src/use.ts', USE);
  ws.symbols.addSymbolByText('total', [lib, use]);
  return { ws, lib, use };
}

describe('renameSymbol when a file changes before the rename is written', () => {
  const at = locate(LIB, 'total');
  const rename = { workspaceRoot: ROOT, filePath: 'src/lib.ts', line: at.line, column: at.column, newName: 'sum' };

  it('plans again on the new text and answers what it wrote', async () => {
    const { ws, lib, use } = renameWorkspace();
    ws.writer.refusals.push(ErrorCode.FILE_CHANGED);
    // Another program saved use.ts between the first plan and its write.
    ws.writer.onRefusal = () => {
      ws.file('src/use.ts', EDITED_USE);
      ws.symbols.symbols.length = 0;
      ws.symbols.addSymbolByText('total', [lib, use]);
    };
    const result = successOf(await renameSymbol(ws.ports, rename, neverAborted));
    expect(ws.writer.calls).toBe(2);
    const written = ws.writer.written[0]?.find((change) => change.path === use);
    expect(written).toEqual({ path: use, expectedText: EDITED_USE, newText: EDITED_USE.replaceAll('total', 'sum') });
    expect(result.totalChanges).toBe(LIB.split('total').length - 1 + EDITED_USE.split('total').length - 1);
    expect(result.filesModified.find((f) => f.filePath === 'src/use.ts')?.changes.map((c) => c.line)).toEqual([
      locate(EDITED_USE, 'import').line,
      locate(EDITED_USE, 'export').line,
    ]);
  });

  it(`answers FILE_CHANGED after ${WRITE_ATTEMPTS} plans that each found a file changed, and writes nothing`, async () => {
    const { ws } = renameWorkspace();
    ws.writer.failWith = ErrorCode.FILE_CHANGED;
    const error = errorOf(await renameSymbol(ws.ports, rename, neverAborted));
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain(`planned ${WRITE_ATTEMPTS} times`);
    expect(ws.writer.calls).toBe(WRITE_ATTEMPTS);
    expect(ws.writer.written).toEqual([]);
  });

  it('does not plan again after a write that failed otherwise', async () => {
    const { ws } = renameWorkspace();
    ws.writer.refusals.push(ErrorCode.WRITE_FAILED);
    expect(errorOf(await renameSymbol(ws.ports, rename, neverAborted)).code).toBe(ErrorCode.WRITE_FAILED);
    expect(ws.writer.calls).toBe(1);
  });
});

describe('replaceSymbolBody when the file changes before the body is written', () => {
  const MOVED = `// a line an editor inserted\n${CALC_TS}`;

  it('plans again on the new text: the body goes where the declaration is now', async () => {
    const { ws, path, ports, writer } = workspace();
    writer.refusals.push(ErrorCode.FILE_CHANGED);
    writer.onRefusal = () => {
      ws.file('src/calc.ts', MOVED);
      ws.symbols.outlines.set(path, toyOutline(MOVED));
    };
    const result = successOf(await replaceSymbolBody(ports, input({}), neverAborted));
    expect(writer.calls).toBe(2);
    expect(writtenText(writer, path, MOVED)).toBe(MOVED.replace('return a + b;', 'return b + a;'));
    expect(result.line).toBe(locate(MOVED, 'add(').line);
  });

  it('answers its usual refusal when the declaration is gone from the new text', async () => {
    const { ws, path, ports, writer } = workspace();
    const without = CALC_TS.replace(/ {2}\/\*\* Adds\. \*\/\n {2}add\([^]*?\n {2}\}\n\n/, '');
    writer.refusals.push(ErrorCode.FILE_CHANGED);
    writer.onRefusal = () => {
      ws.file('src/calc.ts', without);
      ws.symbols.outlines.set(path, toyOutline(without));
    };
    expect(without).not.toContain('add(');
    expect(errorOf(await replaceSymbolBody(ports, input({}), neverAborted)).code).toBe(ErrorCode.SYMBOL_NOT_FOUND);
    expect(writer.written).toEqual([]);
  });
});
