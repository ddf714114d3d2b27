import { describe, expect, it } from 'vitest';
import type { DiagnosticRecord } from '../../src/ports/symbol-index.js';
import { introducedBy } from '../../src/rules/diagnostic-delta.js';
import { aboutTheCode, isServerStateDiagnostic } from '../../src/rules/server-state-diagnostics.js';

const record = (code: string | number, message: string, source?: string): DiagnosticRecord => ({
  path: '/w/main.c',
  start: 0,
  length: 0,
  category: 'error',
  code,
  message,
  ...(source === undefined ? {} : { source }),
});

// As clangd 14 names them: clang's diagnostic id without `err_`, its text with a capital.
const FILE_MODIFIED = record('file_modified', "File '/w/cJSON.h' modified since it was first processed", 'clang');
const AST_MODIFIED = record(
  'fe_ast_file_modified',
  "File '/w/a.h' has been modified since the precompiled header '/tmp/preamble.pch' was built: size changed",
  'clang',
);
const UNDECLARED = record('undeclared_var_use', "Use of undeclared identifier 'x'", 'clang');

describe('server-state diagnostics', () => {
  it("tells clang's diagnostics about clangd's preamble and precompiled files from errors in the code", () => {
    expect(isServerStateDiagnostic(FILE_MODIFIED)).toBe(true);
    expect(isServerStateDiagnostic(AST_MODIFIED)).toBe(true);
    expect(isServerStateDiagnostic({ ...FILE_MODIFIED, code: '' })).toBe(true);
    expect(isServerStateDiagnostic(UNDECLARED)).toBe(false);
    expect(isServerStateDiagnostic(record(2304, "Cannot find name 'file_modified'."))).toBe(false);
    expect(aboutTheCode([FILE_MODIFIED, UNDECLARED, AST_MODIFIED])).toEqual([UNDECLARED]);
  });

  it('neither adds nor removes them in the comparison of check_edits, safe_delete and code actions', () => {
    expect(introducedBy([], [FILE_MODIFIED, UNDECLARED])).toEqual([UNDECLARED]);
    expect(introducedBy([UNDECLARED], [FILE_MODIFIED, UNDECLARED])).toEqual([]);
    // Gone after the edit: not an error the edit fixed.
    expect(introducedBy([], [FILE_MODIFIED])).toEqual([]);
  });
});
