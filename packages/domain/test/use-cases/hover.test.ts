import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { HoverAnswer } from '../../src/ports/symbol-index.js';
import { neverAborted } from '../../src/testing/index.js';
import { outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';
import { MAX_HOVER_DOCUMENTATION, hover } from '../../src/use-cases/hover.js';

const MATH_TS = '/** Adds two numbers. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\nadd(1, 2);\n';
const SIGNATURE = 'function add(a: number, b: number): number';

/** math.ts declares `add` and calls it; the index answers hovers on it with `answer`. */
function workspace(answer: HoverAnswer | undefined): Workspace {
  const ws = new Workspace();
  const math = ws.file('src/math.ts', MATH_TS);
  ws.symbols.addSymbolByText('add', [math]);
  if (answer !== undefined) ws.symbols.hovers.set(`${math}:${locate(MATH_TS, 'add').offset}`, answer);
  ws.symbols.outlines.set(math, [
    outlineEntry(MATH_TS, 'function', 'add', MATH_TS.slice(MATH_TS.indexOf('export'), MATH_TS.indexOf('}') + 1)),
  ]);
  return ws;
}

function atCall(): { workspaceRoot: string; filePath: string; line: number; column: number } {
  const at = locate(MATH_TS, 'add(1, 2)');
  return { workspaceRoot: ROOT, filePath: 'src/math.ts', line: at.line, column: at.column };
}

describe('hover', () => {
  it('returns the signature and documentation of the symbol, trimmed', async () => {
    const ws = workspace({ signature: `  ${SIGNATURE}\n`, documentation: '\nAdds two numbers.\n\n' });
    const result = successOf(await hover(ws.ports, atCall(), neverAborted));
    expect(result).toEqual({ success: true, symbolName: 'add', signature: SIGNATURE, documentation: 'Adds two numbers.' });
  });

  it('answers the same for the symbol addressed by name', async () => {
    const ws = workspace({ signature: SIGNATURE, documentation: 'Adds two numbers.' });
    const byName = successOf(await hover(ws.ports, { workspaceRoot: ROOT, filePath: 'src/math.ts', symbol: 'add' }, neverAborted));
    const byNodeId = successOf(await hover(ws.ports, { workspaceRoot: ROOT, nodeId: 'function:src/math.ts:add' }, neverAborted));
    expect(byName).toEqual(successOf(await hover(ws.ports, atCall(), neverAborted)));
    expect(byNodeId).toEqual(byName);
  });

  it('leaves documentation out when there is none', async () => {
    const result = successOf(await hover(workspace({ signature: SIGNATURE, documentation: '  ' }).ports, atCall(), neverAborted));
    expect(result).toEqual({ success: true, symbolName: 'add', signature: SIGNATURE });
  });

  it('cuts long documentation at a line break and says it was truncated', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `Line ${i + 1} of a long manual.`);
    const documentation = lines.join('\n');
    const result = successOf(await hover(workspace({ signature: SIGNATURE, documentation }).ports, atCall(), neverAborted));
    expect(result.truncated).toBe(true);
    const shown = result.documentation ?? '';
    expect(shown.endsWith('\n…')).toBe(true);
    const kept = shown.slice(0, -'\n…'.length).split('\n');
    expect(kept).toEqual(lines.slice(0, kept.length));
    expect(kept.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThanOrEqual(MAX_HOVER_DOCUMENTATION + '\n…'.length);
  });

  it('does not mark documentation that fits as truncated', async () => {
    const documentation = 'x'.repeat(MAX_HOVER_DOCUMENTATION);
    const result = successOf(await hover(workspace({ signature: SIGNATURE, documentation }).ports, atCall(), neverAborted));
    expect(result.documentation).toBe(documentation);
    expect(result).not.toHaveProperty('truncated');
  });

  it('returns the symbol name without a signature when the service has no answer', async () => {
    const result = successOf(await hover(workspace(undefined).ports, atCall(), neverAborted));
    expect(result).toEqual({ success: true, symbolName: 'add' });
  });

  it('returns no signature when the service answers with a blank one', async () => {
    const result = successOf(await hover(workspace({ signature: ' ', documentation: 'orphan docs' }).ports, atCall(), neverAborted));
    expect(result).toEqual({ success: true, symbolName: 'add' });
  });

  it('refuses a name the file does not declare with SYMBOL_NOT_FOUND', async () => {
    const ws = workspace(undefined);
    const error = errorOf(await hover(ws.ports, { workspaceRoot: ROOT, filePath: 'src/math.ts', symbol: 'ad' }, neverAborted));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_FOUND);
    expect(error.resolution).toContain('function:src/math.ts:add');
  });

  it('returns LANGUAGE_SERVER_ERROR when the index throws', async () => {
    const ws = workspace(undefined);
    ws.symbols.hover = (): Promise<HoverAnswer | undefined> => Promise.reject(new Error('tsserver crashed'));
    const error = errorOf(await hover(ws.ports, atCall(), neverAborted));
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toContain('tsserver crashed');
  });
});
