import type { SafeDeleteResult } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { renderSafeDelete } from '../src/render/safe-delete.render.js';

describe('safe_delete text', () => {
  const result: SafeDeleteResult = {
    success: true,
    symbolName: 'old',
    filePath: 'src/lib.ts',
    removed: [{ startLine: 3, endLine: 6 }],
    importsRemoved: ['join', 'sep'],
    applied: true,
  };

  it('says which lines went, with the imports only the symbol used, and that the file changed', () => {
    expect(renderSafeDelete(result)).toBe(
      'Deleted old (src/lib.ts L3-6) and the 2 imports only it used (join, sep). The file was changed on disk; re-read it before editing it.',
    );
  });

  it('says a dry run wrote nothing, names a single import, and leaves imports out when none went', () => {
    expect(renderSafeDelete({ ...result, importsRemoved: ['join'], applied: false })).toMatch(
      /^Dry run: would delete old \(src\/lib\.ts L3-6\) and the import only it used \(join\); /,
    );
    expect(renderSafeDelete({ ...result, importsRemoved: [], applied: false })).toBe(
      'Dry run: would delete old (src/lib.ts L3-6); nothing uses it and no file gains an error. Nothing was written.',
    );
  });
});
