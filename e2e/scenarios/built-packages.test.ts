import { describe, expect } from 'vitest';
import { BUILT_PACKAGES, buildSharedPackage, runTsc } from '../fixtures/generators.js';
import { forEachBackend } from '../helpers/backends.js';
import {
  expectCallsAcrossPackages,
  expectDefinitionInSource,
  expectImplementationsAcrossPackages,
  expectReferencesAcrossPackages,
} from '../helpers/cross-package.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { normalizeModifications, planRename } from '../helpers/rename-plan.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

/** A rename test runs the real tsc five times (the build, the rebuild, each package's check) besides the rename. */
const RENAME_TIMEOUT_MS = 180_000;

/** Every package's own `tsc --noEmit` (the consumers against the built declarations of `shapes`): its output, '' when clean. */
function packageErrors(ws: Workspace): string {
  return BUILT_PACKAGES.map((dir) => runTsc(ws, ['--noEmit', '-p', `${dir}/tsconfig.json`])).join('');
}

/** Layouts c and d of issue 13: `@mono/shapes` consumed through `dist/*.d.ts`, with and without declaration maps. */
const LAYOUTS = [
  ['with declaration maps', true],
  ['without declaration maps (rootDir/outDir)', false],
] as const;

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  for (const [layout, declarationMap] of LAYOUTS) {
    describe(`packages imported by name through their built declarations, ${layout}`, () => {
      const built = useShared(async () => {
        const ws = await copyFixture('built-packages');
        await buildSharedPackage(ws, { declarationMap });
        return ws;
      });

      verifies('I13-MONO-REFERENCES', 'finds the same complete set from the declaration and from each consumer package', async () => {
        await expectReferencesAcrossPackages(server(), built());
      });

      verifies('I13-MONO-IMPLEMENTATIONS', 'lists the implementing classes of every consumer package', async () => {
        await expectImplementationsAcrossPackages(server(), built());
      });

      verifies(
        'I13-MONO-CALLS',
        'lists the callers in consumer packages, and a consumer calls into the source of the package',
        async () => {
          await expectCallsAcrossPackages(server(), built());
        },
      );

      verifies('I13-MONO-DEFINITION', 'goes from a consumer to the source declaration, not to dist/', async () => {
        await expectDefinitionInSource(server(), built(), ['Square', 'totalArea']);
      });

      verifies(
        'I13-MONO-RENAME',
        'renames in every package, leaves dist/ to the build, and every package type-checks after it',
        async () => {
          await using ws = await copyFixture('built-packages');
          await buildSharedPackage(ws, { declarationMap });
          const plan = await planRename(ws, 'totalArea', 'sumOfAreas');
          const dist = await ws.read('packages/shapes/dist/shape.d.ts');

          const result = succeeded(
            await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'totalArea')), newName: 'sumOfAreas' }),
          );

          expect(normalizeModifications(result.filesModified)).toEqual(plan.filesModified);
          for (const [file, text] of plan.texts) expect(await ws.read(file), file).toBe(text);
          // The local `totalArea` of web is another symbol: untouched.
          expect(await ws.read('packages/web/src/page.ts')).toContain('const totalArea = n * n;');
          expect(await ws.read('packages/shapes/dist/shape.d.ts')).toBe(dist);
          expect(result.rebuild).toEqual(['@mono/shapes']);
          expect(runTsc(ws, ['-p', 'packages/shapes/tsconfig.json'])).toBe('');
          expect(packageErrors(ws)).toBe('');
        },
        RENAME_TIMEOUT_MS,
      );

      verifies(
        'I13-MONO-RENAME',
        'renames from a consumer package the same way',
        async () => {
          await using ws = await copyFixture('built-packages');
          await buildSharedPackage(ws, { declarationMap });
          const plan = await planRename(ws, 'Square', 'Block');

          const result = succeeded(
            await server().renameSymbol({ ...argsAt(ws, await ws.marker('use', 'Square', 'packages/app/src/main.ts')), newName: 'Block' }),
          );

          expect(normalizeModifications(result.filesModified)).toEqual(plan.filesModified);
          expect(result.rebuild).toEqual(['@mono/shapes']);
          expect(runTsc(ws, ['-p', 'packages/shapes/tsconfig.json'])).toBe('');
          expect(packageErrors(ws)).toBe('');
        },
        RENAME_TIMEOUT_MS,
      );
    });
  }

  describe('an interface member of a package built with declaration maps', () => {
    verifies(
      'I13-MONO-RENAME',
      "renames it with the implementing classes' members in every package, and every package type-checks after the build",
      async () => {
        await using ws = await copyFixture('built-packages');
        await buildSharedPackage(ws, { declarationMap: true });
        // Every `area` of the sources is the member of Shape, an implementation of it, or a call of it.
        const sources = (await ws.sourceFiles({ includeNodeModules: false })).filter((f) => f.includes('/src/'));
        const expected = new Map<string, string>();
        for (const file of sources) {
          const text = await ws.read(file);
          if (/\barea\b/.test(text)) expected.set(file, text.replace(/\barea\b/g, 'perimeter'));
        }
        const dist = await ws.read('packages/shapes/dist/shape.d.ts');

        // The member's name in the interface: the first `area` of shape.ts.
        const line = (await ws.read('packages/shapes/src/shape.ts')).split('\n').findIndex((l) => /\barea\b/.test(l)) + 1;

        const result = succeeded(
          await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'Shape')), line, column: 3, newName: 'perimeter' }),
        );

        expect(result.filesModified.map((f) => f.filePath).sort()).toEqual([...expected.keys()].sort());
        for (const [file, text] of expected) expect(await ws.read(file), file).toBe(text);
        expect(await ws.read('packages/shapes/dist/shape.d.ts')).toBe(dist);
        expect(result.rebuild).toEqual(['@mono/shapes']);
        expect(runTsc(ws, ['-p', 'packages/shapes/tsconfig.json'])).toBe('');
        expect(packageErrors(ws)).toBe('');
      },
      RENAME_TIMEOUT_MS,
    );
  });

  describe('packages whose build output leads to no source (no declaration map, no outDir)', () => {
    verifies(
      'I13-MONO-RENAME-REFUSED',
      'refuses the rename with RENAME_CONFLICT naming the consumer packages, and writes nothing',
      async () => {
        await using ws = await copyFixture('built-packages');
        await buildSharedPackage(ws, { declarationMap: false });
        // Built by a tool the bridge cannot see (its config gone): dist/ no longer leads back to src/.
        await ws.write(
          'packages/shapes/tsconfig.json',
          JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
        );
        const before = await ws.snapshot();

        const error = failedWith(
          await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', 'totalArea')), newName: 'sumOfAreas' }),
          'RENAME_CONFLICT',
        );

        expect(error.message).toContain('packages/app (@mono/app)');
        expect(error.message).toContain('packages/web (@mono/web)');
        expect(error.message).toContain('Nothing was changed');
        expect(error.resolution).toContain('declarationMap: true');
        expect(await ws.snapshot()).toEqual(before);
      },
    );
  });
});
