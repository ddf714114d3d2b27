import type { DiagnosticItem, ReplaceSymbolBodyResult } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { renderReplaceSymbolBody } from '../src/render/replace-symbol-body.render.js';

describe('replace_symbol_body text', () => {
  const result: ReplaceSymbolBodyResult = {
    success: true,
    symbolName: 'add',
    mode: 'replace-body',
    nodeId: 'method:src/calc.ts:Calculator.add',
    filePath: 'src/calc.ts',
    line: 3,
    endLine: 6,
    linesRemoved: 1,
    linesAdded: 2,
    introducedDiagnostics: [],
    applied: true,
  };

  it('says what changed and that no diagnostics were introduced', () => {
    expect(renderReplaceSymbolBody(result).split('\n')).toEqual([
      'Replaced the body of add in src/calc.ts, now L3-6 (1 line removed, 2 added); nodeId method:src/calc.ts:Calculator.add. ' +
        'The file was changed on disk; re-read it before editing it.',
      'No new diagnostics.',
    ]);
  });

  it('lists the introduced diagnostics with the code line of each error', () => {
    const diagnostic: DiagnosticItem = {
      filePath: 'src/calc.ts',
      line: 4,
      column: 11,
      endLine: 4,
      endColumn: 12,
      severity: 'error',
      code: 'TS2322',
      message: "Type 'number' is not assignable to type 'string'.",
      codeSnippet: '    const s: string = a;',
    };
    const text = renderReplaceSymbolBody({ ...result, mode: 'replace-node', introducedDiagnostics: [diagnostic] });
    expect(text.split('\n').slice(1)).toEqual([
      '1 new diagnostic:',
      "src/calc.ts:4:11 error TS2322 Type 'number' is not assignable to type 'string'.",
      '  const s: string = a;',
    ]);
    expect(text).toMatch(/^Replaced the declaration of add/);
  });
});
