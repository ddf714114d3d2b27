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
      truncated: true,
      failures: [{ filePath: 'bin.ts', reason: 'binary file' }],
    };
    const text = renderReferences(result);
    expect(text).toContain('700 references');
    expect(text).toContain('truncated');
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
    };
    const text = renderDiagnostics(result);
    expect(text.split('\n')[0]).toBe('1 error, 0 warnings, 0 info, 0 hints in 1 file');
    expect(text).toContain('a.ts:2:7 error TS2322 Bad nested');
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
