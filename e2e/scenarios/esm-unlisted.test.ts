import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { keysOf, markerKey, markerKeys } from '../helpers/expectations.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { TypeScriptOracle } from '../helpers/typescript-oracle.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 23, found on ky: an ES module package whose tsconfig.json includes `source/` but not
 * `test/`, whose tests import the source. The markers are every reference to `total`; TypeScript
 * itself, over every file, finds each of them; after a rename, `tsc -p tsconfig.check.json` (the
 * source and the tests) must be as clean as before.
 */

const REFERENCE_KINDS = ['decl', 'use', 'ref'];
const FILES = [
  'source/total.ts',
  'source/report.ts',
  'source/index.ts',
  'test/total.test.ts',
  'test/dynamic.test.ts',
  'test/helpers/basket.ts',
];
const OWN_TOTAL = 'test/own-total.test.ts';
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** `tsc -p tsconfig.check.json`'s output: empty when the source and the tests compile. */
function checkWithTests(ws: Workspace): string {
  try {
    return execFileSync(process.execPath, [TSC, '-p', 'tsconfig.check.json'], { cwd: ws.root, encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: unknown }).stdout ?? error);
  }
}

/** A file's text with `newName` written over every marked site in it. */
function renamedAt(text: string, markers: readonly Marker[], newName: string, oldName: string): string {
  const lines = text.split('\n');
  for (const marker of [...markers].sort((a, b) => b.column - a.column)) {
    const line = lines[marker.line - 1] ?? '';
    lines[marker.line - 1] = line.slice(0, marker.column - 1) + newName + line.slice(marker.column - 1 + oldName.length);
  }
  return lines.join('\n');
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe("with tests outside the tsconfig.json's include that import the source (test/)", () => {
    verifies(
      'I23-ESM-UNLISTED-FILES',
      'finds the uses in the tests, from the declaration, a use in the source and a use in a test',
      async () => {
        await using ws = await copyFixture('esm-tests');
        const markers = await ws.markers({ tag: 'total', kinds: REFERENCE_KINDS });
        const expected = markerKeys(markers);
        const oracle = new TypeScriptOracle(ws, [...FILES, OWN_TOTAL]);
        expect([...new Set(oracle.references('source/total.ts', await ws.marker('decl', 'total')))].sort()).toEqual(expected);
        expect(markers.filter((m) => m.file.startsWith('test/')).length).toBe(4);
        const asked = [await ws.marker('decl', 'total'), ...markers.filter((m) => m.kind === 'use')];
        for (const at of asked) {
          const result = succeeded(await server().findReferences(argsAt(ws, at)));
          expect(keysOf(result.references), `total at ${markerKey(at)}`).toEqual(expected);
        }
      },
    );

    verifies(
      'I23-ESM-UNLISTED-FILES',
      'sees a test created since the last call, and leaves a file that imports nothing of the project alone',
      async () => {
        await using ws = await copyFixture('esm-tests');
        const declaration = argsAt(ws, await ws.marker('decl', 'total'));
        const before = succeeded(await server().findReferences(declaration));
        expect(before.references.some((r) => r.filePath === OWN_TOTAL)).toBe(false);

        await ws.write('test/later.test.ts', "import { total } from '../source/total.js';\n\nexport const none = total([]);\n");
        const after = succeeded(await server().findReferences(declaration));

        expect(keysOf(after.references)).toEqual(
          [...keysOf(before.references), 'test/later.test.ts:1:10', 'test/later.test.ts:3:21'].sort(),
        );
      },
    );

    verifies(
      'I23-ESM-UNLISTED-FILES',
      'renames in the tests too (a dry run first, which writes nothing); tsc with the tests is clean after',
      async () => {
        await using ws = await copyFixture('esm-tests');
        const markers = await ws.markers({ tag: 'total', kinds: REFERENCE_KINDS });
        const at = argsAt(ws, await ws.marker('decl', 'total'));
        const texts = new Map(await Promise.all([...FILES, OWN_TOTAL].map(async (f): Promise<[string, string]> => [f, await ws.read(f)])));
        expect(checkWithTests(ws)).toBe('');

        const dry = succeeded(await server().renameSymbol({ ...at, newName: 'grandTotal', dryRun: true }));
        expect(dry.applied).toBe(false);
        expect(dry.totalChanges).toBe(markers.length);
        expect(dry.filesModified.map((f) => f.filePath).sort()).toEqual([...new Set(markers.map((m) => m.file))].sort());
        for (const [file, text] of texts) expect(await ws.read(file), file).toBe(text);

        const result = succeeded(await server().renameSymbol({ ...at, newName: 'grandTotal' }));

        expect(result.totalChanges).toBe(markers.length);
        for (const [file, text] of texts) {
          expect(await ws.read(file), file).toBe(
            renamedAt(
              text,
              markers.filter((m) => m.file === file),
              'grandTotal',
              'total',
            ),
          );
        }
        expect(checkWithTests(ws)).toBe('');
      },
    );
  });
});
