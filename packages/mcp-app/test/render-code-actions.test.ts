import type { CodeActionApplied, CodeActionList, FormatFileResult } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { renderCodeActions } from '../src/render/code-actions.render.js';
import { renderFormatFile } from '../src/render/format-file.render.js';

const error = (line: number, code: string) => ({
  filePath: 'src/a.ts',
  line,
  column: 5,
  endLine: line,
  endColumn: 9,
  severity: 'error' as const,
  code,
  message: 'Cannot find name',
  codeSnippet: '    load();',
});

describe('code action and formatting texts', () => {
  it('lists each action with its facts and its id, and how to apply one', () => {
    const result: CodeActionList = {
      success: true,
      filePath: 'src/a.ts',
      actions: [{ id: 'ca1|x', title: 'Add import from "./b"', kind: 'quickfix', code: 'TS2304', line: 3, preferred: true }],
      clientOnly: ['Install @types/node'],
    };
    expect(renderCodeActions(result, { line: 3 }).split('\n')).toEqual([
      '1 action at src/a.ts:3; apply one with code_actions { workspaceRoot, actionId } (dryRun to preview):',
      '- Add import from "./b" (quickfix, TS2304, line 3, preferred)',
      '  actionId: ca1|x',
      'Only an editor can run (not offered): Install @types/node',
    ]);
    expect(renderCodeActions({ success: true, filePath: 'src/a.ts', actions: [] }, { code: 'TS2304' })).toBe(
      'No code actions at src/a.ts for TS2304.',
    );
  });

  it('shows what an applied action wrote, line by line, and the errors it fixed and added', () => {
    const result: CodeActionApplied = {
      success: true,
      title: 'Organize imports',
      kind: 'source.organizeImports',
      filesModified: [
        {
          filePath: 'src/a.ts',
          changeCount: 1,
          changes: [{ line: 1, oldText: 'x\ny', newText: "import { a } from './a';\nimport { b } from './b';" }],
        },
      ],
      totalChanges: 1,
      applied: true,
      introducedDiagnostics: [error(7, 'TS2322')],
      fixedDiagnostics: [error(2, 'TS6133')],
    };
    expect(renderCodeActions(result).split('\n')).toEqual([
      'Applied "Organize imports": 1 change in 1 file. These files were changed on disk; re-read them before editing them:',
      'src/a.ts (1 change)',
      "  1: import { a } from './a';",
      "  2: import { b } from './b';",
      'Fixes 1 error: src/a.ts:2 TS6133.',
      'Adds 1 error:',
      'src/a.ts:7:5 error TS2322 Cannot find name',
      '  load();',
    ]);
  });

  it('says a formatted file is left alone, and a dry run lists the lines it would change', () => {
    const formatted: FormatFileResult = { success: true, filePath: 'src/a.ts', changeCount: 0, changes: [], applied: false };
    expect(renderFormatFile(formatted)).toBe('src/a.ts is formatted already; nothing was written.');
    const dry: FormatFileResult = { ...formatted, changeCount: 2, changes: [{ line: 4, oldText: 'if(x){', newText: '  if (x) {' }] };
    expect(renderFormatFile(dry).split('\n')).toEqual([
      'Dry run: formatting src/a.ts would change 1 line; nothing was written:',
      '  4:   if (x) {',
    ]);
  });
});
