import type { FindReferencesResult, GetDiagnosticsResult, RenameSymbolResult } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { renderDiagnostics } from '../src/render/diagnostics.render.js';
import { renderReferences } from '../src/render/references.render.js';
import { renderRename } from '../src/render/rename.render.js';
import { trimSnippet } from '../src/render/text.js';

const ref = (filePath: string, line: number, referenceType: 'declaration' | 'usage') => ({
  filePath,
  line,
  column: 3,
  codeSnippet: `    call(${line})`,
  referenceType,
});

describe('text rendering', () => {
  it('summarises references with counts, then declarations, then usages grouped by file', () => {
    const result: FindReferencesResult = {
      success: true,
      symbolName: 'call',
      references: [ref('src/a.ts', 1, 'declaration'), ref('src/a.ts', 9, 'usage'), ref('src/b.ts', 2, 'usage')],
      totalCount: 3,
      fileCount: 2,
      truncated: false,
    };
    expect(renderReferences(result).split('\n')).toEqual([
      '3 references to call (1 declaration) in 2 files',
      'src/a.ts:1:3 [declaration] call(1)',
      'src/a.ts',
      '  9:3 call(9)',
      'src/b.ts',
      '  2:3 call(2)',
    ]);
  });

  it('says when references were truncated and lists failures', () => {
    const result: FindReferencesResult = {
      success: true,
      symbolName: 'x',
      references: [ref('a.ts', 1, 'usage')],
      totalCount: 700,
      fileCount: 80,
      truncated: true,
      failures: [{ filePath: 'bin.ts', reason: 'binary file' }],
    };
    const text = renderReferences(result);
    expect(text).toContain('700 references');
    expect(text).toContain('truncated');
    expect(text.split('\n')[0]).toBe(
      '700 references to x (0 declarations) in 80 files; showing the first 1 (truncated: pass a larger limit to see the other 699)',
    );
    expect(text).toContain('bin.ts: binary file');
  });

  it('lists every file a rename changed on disk', () => {
    const result: RenameSymbolResult = {
      success: true,
      oldName: 'a',
      newName: 'b',
      totalChanges: 3,
      filesModified: [
        { filePath: 'src/x.ts', changeCount: 2, changes: [{ line: 4, oldText: 'a(a)', newText: 'b(b)' }] },
        { filePath: 'src/y.ts', changeCount: 1, changes: [{ line: 1, oldText: 'a', newText: 'b' }] },
      ],
      applied: true,
    };
    const text = renderRename(result);
    expect(text).toContain('3 changes in 2 files');
    expect(text).toMatch(/re-read/);
    expect(text).toContain('src/x.ts (2 changes)');
    expect(text).toContain('src/y.ts (1 change)');
  });

  it('says a dry run wrote nothing, still listing every change', () => {
    const text = renderRename({
      success: true,
      oldName: 'a',
      newName: 'b',
      totalChanges: 1,
      filesModified: [{ filePath: 'src/y.ts', changeCount: 1, changes: [{ line: 1, oldText: 'a', newText: 'b' }] }],
      applied: false,
    });
    expect(text).toContain('Dry run: renaming a to b would make 1 change in 1 file; nothing was written');
    expect(text).not.toMatch(/re-read/);
    expect(text).toContain('  1: b');
  });

  it('renders diagnostics with severity counts and codes', () => {
    const result: GetDiagnosticsResult = {
      success: true,
      diagnostics: [
        {
          filePath: 'a.ts',
          line: 2,
          column: 7,
          endLine: 2,
          endColumn: 9,
          severity: 'error',
          code: 'TS2322',
          message: 'Bad\n  nested',
          codeSnippet: 'const x: string = 1;',
        },
      ],
      errorCount: 1,
      warningCount: 0,
      infoCount: 0,
      hintCount: 0,
      fileCount: 1,
    };
    const text = renderDiagnostics(result);
    expect(text.split('\n')[0]).toBe('1 error, 0 warnings, 0 info, 0 hints in 1 file');
    expect(text).toContain('a.ts:2:7 error TS2322 Bad nested');
  });

  it('counts the files of every reference, and leaves out the declaration count when the limit cut among declarations', () => {
    const result: FindReferencesResult = {
      success: true,
      symbolName: 'f',
      references: [ref('a.ts', 1, 'declaration'), ref('a.ts', 5, 'declaration'), ref('a.ts', 9, 'declaration')],
      totalCount: 393,
      fileCount: 80,
      truncated: true,
    };
    expect(renderReferences(result).split('\n')[0]).toBe(
      '393 references to f in 80 files; showing the first 3 (truncated: pass a larger limit to see the other 390)',
    );
  });

  it('puts references on one line together, and cuts snippets shorter in a long list', () => {
    const line = `const value = call(1) + call(2); // ${'x'.repeat(100)}`;
    const at = (filePath: string, lineNo: number, column: number) => ({
      filePath,
      line: lineNo,
      column,
      codeSnippet: line,
      referenceType: 'usage' as const,
    });
    const few: FindReferencesResult = {
      success: true,
      symbolName: 'call',
      references: [at('a.ts', 4, 15), at('a.ts', 4, 25)],
      totalCount: 2,
      fileCount: 1,
      truncated: false,
    };
    expect(renderReferences(few).split('\n').slice(1)).toEqual(['a.ts', `  4:15,25 ${trimSnippet(line, 15)}`]);
    const many: FindReferencesResult = { ...few, references: Array.from({ length: 60 }, (_, i) => at('a.ts', i + 1, 15)), totalCount: 60 };
    const usageLines = renderReferences(many).split('\n').slice(2);
    expect(usageLines).toHaveLength(60);
    for (const text of usageLines) expect(Array.from(text.replace(/^ {2}\d+:15 /, '')).length).toBeLessThanOrEqual(62);
    expect(usageLines[0]).toContain('call(1)');
  });

  it('lists errors and warnings and sums up hints and info by code, with the call that lists them', () => {
    const d = (severity: 'error' | 'warning' | 'info' | 'hint', code: string, line: number, message = `${code} message`) => ({
      filePath: 'src/a.ts',
      line,
      column: 1,
      endLine: line,
      endColumn: 2,
      severity,
      code,
      message,
      codeSnippet: 'x',
    });
    const result: GetDiagnosticsResult = {
      success: true,
      diagnostics: [
        d('error', 'TS2322', 1),
        d('warning', 'TS6385', 2),
        d('hint', 'TS6385', 3, "'of' is deprecated."),
        d('hint', 'TS6385', 4),
        d('hint', 'TS6133', 5),
        d('info', 'TS80001', 6),
      ],
      errorCount: 1,
      warningCount: 1,
      infoCount: 1,
      hintCount: 3,
      fileCount: 1,
    };
    expect(renderDiagnostics(result, { filePath: 'src/a.ts' }).split('\n')).toEqual([
      '1 error, 1 warning, 1 info, 3 hints in 1 file',
      'src/a.ts:1:1 error TS2322 TS2322 message',
      '  x',
      'src/a.ts:2:1 warning TS6385 TS6385 message',
      'Not listed: 3 hints, 1 info; list them with get_diagnostics {"filePath":"src/a.ts","severity":["hint","info"]}:',
      "  TS6385 ×2 hint (e.g. 'of' is deprecated.)",
      '  TS6133 ×1 hint (e.g. TS6133 message)',
      '  TS80001 ×1 info (e.g. TS80001 message)',
    ]);
    const hintsAsked = renderDiagnostics(
      { ...result, diagnostics: result.diagnostics.filter((x) => x.severity === 'hint') },
      { severity: ['hint'] },
    );
    expect(hintsAsked.split('\n')).toEqual([
      '1 error, 1 warning, 1 info, 3 hints in 1 file',
      "src/a.ts:3:1 hint TS6385 'of' is deprecated.",
      'src/a.ts:4:1 hint TS6385 TS6385 message',
      'src/a.ts:5:1 hint TS6133 TS6133 message',
      '3 diagnostics of other severities not listed (severity filter).',
    ]);
  });

  it('cuts long snippets around the column, counting code points', () => {
    const long = `${'😀'.repeat(150)}target${'x'.repeat(150)}`;
    const cut = trimSnippet(long, 151);
    expect(cut).toContain('target');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(Array.from(cut).length).toBeLessThanOrEqual(102);
  });
});
