import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { typeErrors } from '../helpers/write-checks.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture } from '../helpers/workspace.js';

/** `size` returning a string: its importer's `count: number` gets TS2322. */
const TO_STRING = {
  filePath: 'src/lib.ts',
  oldText: '): number {\n  return values.length;',
  newText: '): string {\n  return String(values.length);',
};
/** broken.ts's error fixed. */
const FIX = { filePath: 'src/broken.ts', oldText: 'label: string = 1', newText: "label: string = '1'" };

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  verifies('I26-CHECK-EDITS', 'answers the error an edit adds in an importer it does not touch, and writes nothing', async () => {
    await using ws = await copyFixture('check-edits');
    const breaks = await ws.marker('breaks', 'TS2322');
    const before = await readFile(ws.path('src/lib.ts'), 'utf8');
    const result = succeeded(await server().call('check_edits', { workspaceRoot: ws.root, edits: [TO_STRING] }));
    expect(result.errorsAdded.map((e) => [e.filePath, e.line, e.column, e.code])).toEqual([
      [breaks.file, breaks.line, breaks.column, 'TS2322'],
    ]);
    expect(result.errorsRemoved).toEqual([]);
    expect(result.applied).toBe(false);
    expect(result.files).toEqual([{ filePath: 'src/lib.ts', startLine: 1, linesRemoved: 2, linesAdded: 2 }]);
    expect(await readFile(ws.path('src/lib.ts'), 'utf8')).toBe(before);
  });

  verifies('I26-CHECK-EDITS', 'answers the errors an edit removes', async () => {
    await using ws = await copyFixture('check-edits');
    const err = await ws.marker('err', 'TS2322');
    const result = succeeded(await server().call('check_edits', { workspaceRoot: ws.root, edits: [FIX] }));
    expect(result.errorsAdded).toEqual([]);
    expect(result.errorsRemoved.map((e) => [e.filePath, e.line, e.column, e.code])).toEqual([[err.file, err.line, err.column, 'TS2322']]);
  });

  verifies('I26-CHECK-EDITS-APPLY', 'writes edits that add no error, all of them, and the project type-checks', async () => {
    await using ws = await copyFixture('check-edits');
    const rename = { filePath: 'src/deep.ts', oldText: 'doubled', newText: 'twice' };
    const result = succeeded(await server().call('check_edits', { workspaceRoot: ws.root, edits: [FIX, rename], apply: true }));
    expect(result.applied).toBe(true);
    expect(await readFile(ws.path('src/broken.ts'), 'utf8')).toContain("label: string = '1'");
    expect(await readFile(ws.path('src/deep.ts'), 'utf8')).toContain('export const twice: number');
    expect(typeErrors(ws)).toBe('');
  });

  verifies('I26-CHECK-EDITS-APPLY', 'does not write edits that add an error unless forced', async () => {
    await using ws = await copyFixture('check-edits');
    const before = await readFile(ws.path('src/lib.ts'), 'utf8');
    const refused = succeeded(await server().call('check_edits', { workspaceRoot: ws.root, edits: [TO_STRING], apply: true }));
    expect(refused.applied).toBe(false);
    expect(refused.notApplied).toMatch(/add 1 error/);
    expect(await readFile(ws.path('src/lib.ts'), 'utf8')).toBe(before);
    const forced = succeeded(await server().call('check_edits', { workspaceRoot: ws.root, edits: [TO_STRING], apply: true, force: true }));
    expect(forced.applied).toBe(true);
    expect(await readFile(ws.path('src/lib.ts'), 'utf8')).toContain('): string {');
    expect(typeErrors(ws)).toMatch(/src\/use\.ts.*TS2322/);
  });

  verifies('I26-CHECK-EDITS-APPLY', 'refuses an oldText the file does not hold, naming the file, and writes nothing', async () => {
    await using ws = await copyFixture('check-edits');
    const error = failedWith(
      await server().call('check_edits', {
        workspaceRoot: ws.root,
        edits: [FIX, { filePath: 'src/lib.ts', oldText: 'nowhere', newText: 'x' }],
        apply: true,
      }),
      'INVALID_INPUT',
    );
    expect(error.message).toContain('src/lib.ts');
    expect(await readFile(ws.path('src/broken.ts'), 'utf8')).toContain('label: string = 1');
  });
});
