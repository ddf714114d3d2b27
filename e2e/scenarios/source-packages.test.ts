import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { layoutErrors, wirePackages, type PackageLayout } from '../fixtures/package-layouts.js';
import { forEachBackend } from '../helpers/backends.js';
import {
  expectCallsAcrossPackages,
  expectDefinitionInSource,
  expectImplementationsAcrossPackages,
  expectReferencesAcrossPackages,
} from '../helpers/cross-package.js';
import { succeeded } from '../helpers/outcomes.js';
import { normalizeModifications, planRename } from '../helpers/rename-plan.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

/** A rename test runs the real tsc (the build and each package's check) besides the rename. */
const RENAME_TIMEOUT_MS = 180_000;

/**
 * Layouts b, e and f of issue 13: the consumers' compiler resolves `@mono/shapes` to its source
 * (project references, a source condition, internal packages exporting `.ts`). The same sources
 * and markers as layouts c and d (`built-packages`), wired per layout on every run.
 */
const LAYOUTS = [
  ['TypeScript project references (composite, tsc -b)', 'project-references'],
  ['exports with a source condition and customConditions', 'source-condition'],
  ['Turborepo internal packages exporting .ts source', 'internal-packages'],
] as const satisfies readonly (readonly [string, PackageLayout])[];

async function wired(layout: PackageLayout): Promise<Workspace> {
  const ws = await copyFixture('built-packages');
  await wirePackages(ws, layout);
  return ws;
}

/** The packages whose build output still spells the old name after a rename: `shapes`, when it has been built. */
function staleBuilds(ws: Workspace): string[] {
  return existsSync(ws.path('packages/shapes/dist')) ? ['@mono/shapes'] : [];
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  for (const [title, layout] of LAYOUTS) {
    describe(`packages resolved to source: ${title}`, () => {
      const ws = useShared(() => wired(layout));

      verifies(
        ['I13-MONO-REFERENCES', 'I13-MONO-LAYOUTS'],
        'finds the same complete set from the declaration and from each consumer package',
        async () => {
          await expectReferencesAcrossPackages(server(), ws());
        },
      );

      verifies(['I13-MONO-IMPLEMENTATIONS', 'I13-MONO-LAYOUTS'], 'lists the implementing classes of every consumer package', async () => {
        await expectImplementationsAcrossPackages(server(), ws());
      });

      verifies(
        ['I13-MONO-CALLS', 'I13-MONO-LAYOUTS'],
        'lists the callers in consumer packages, and a consumer calls into the source',
        async () => {
          await expectCallsAcrossPackages(server(), ws());
        },
      );

      verifies(['I13-MONO-DEFINITION', 'I13-MONO-LAYOUTS'], 'goes from a consumer to the source declaration', async () => {
        await expectDefinitionInSource(server(), ws(), ['Square', 'totalArea', 'Shape']);
      });

      verifies(
        ['I13-MONO-RENAME', 'I13-MONO-LAYOUTS'],
        "renames in every package from the declaration, and the layout's own type check is clean after it",
        async () => {
          await using renamed = await wired(layout);
          const plan = await planRename(renamed, 'totalArea', 'sumOfAreas');
          const rebuild = staleBuilds(renamed);

          const result = succeeded(
            await server().renameSymbol({ ...argsAt(renamed, await renamed.marker('decl', 'totalArea')), newName: 'sumOfAreas' }),
          );

          expect(normalizeModifications(result.filesModified)).toEqual(plan.filesModified);
          for (const [file, text] of plan.texts) expect(await renamed.read(file), file).toBe(text);
          expect(result.rebuild ?? []).toEqual(rebuild);
          expect(layoutErrors(renamed, layout)).toBe('');
        },
        RENAME_TIMEOUT_MS,
      );

      verifies(
        ['I13-MONO-RENAME', 'I13-MONO-LAYOUTS'],
        'renames from a consumer package the same way',
        async () => {
          await using renamed = await wired(layout);
          const plan = await planRename(renamed, 'Square', 'Block');

          const result = succeeded(
            await server().renameSymbol({
              ...argsAt(renamed, await renamed.marker('use', 'Square', 'packages/app/src/main.ts')),
              newName: 'Block',
            }),
          );

          expect(normalizeModifications(result.filesModified)).toEqual(plan.filesModified);
          expect(layoutErrors(renamed, layout)).toBe('');
        },
        RENAME_TIMEOUT_MS,
      );

      verifies(
        ['I13-MONO-UNRELATED-SPELLING', 'I13-MONO-LAYOUTS'],
        'renames a member that a consumer spells only as its own parameter in the declaring package alone',
        async () => {
          await using renamed = await wired(layout);
          // web imports Square from @mono/shapes and spells `side` only as its callback's parameter: not a use of Square.side.
          const page = await renamed.read('packages/web/src/page.ts');
          expect(page).toMatch(/\(side\) => new/);
          const shape = await renamed.read('packages/shapes/src/shape.ts');
          const expected = shape.replace(/\bside\b/g, 'edge');

          const result = succeeded(
            await server().renameSymbol({
              workspaceRoot: renamed.root,
              filePath: 'packages/shapes/src/shape.ts',
              symbol: 'Square.side',
              newName: 'edge',
            }),
          );

          expect(normalizeModifications(result.filesModified).map((m) => m.filePath)).toEqual(['packages/shapes/src/shape.ts']);
          expect(await renamed.read('packages/shapes/src/shape.ts')).toBe(expected);
          expect(await renamed.read('packages/web/src/page.ts')).toBe(page);
          expect(layoutErrors(renamed, layout)).toBe('');
        },
        RENAME_TIMEOUT_MS,
      );
    });
  }
});
