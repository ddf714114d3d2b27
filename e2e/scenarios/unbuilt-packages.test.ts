import { describe, expect } from 'vitest';
import { runTsc } from '../fixtures/generators.js';
import { layoutErrors, wirePackages } from '../fixtures/package-layouts.js';
import { forEachBackend, type Backend } from '../helpers/backends.js';
import {
  expectCallsAcrossPackages,
  expectDefinitionInSource,
  expectImplementationsAcrossPackages,
  expectReferencesAcrossPackages,
} from '../helpers/cross-package.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { normalizeModifications, planRename } from '../helpers/rename-plan.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

/** A rename test runs the real tsc (the build and each package's check) besides the rename. */
const RENAME_TIMEOUT_MS = 180_000;

/** `file(line,col): error TSxxxx:` lines of tsc's output, as `file:line:col:TSxxxx` (its columns are ours in ASCII text). */
function tscErrors(output: string): string[] {
  return [...output.matchAll(/^(.+?)\((\d+),(\d+)\): error (TS\d+):/gm)].map((m) => `${m[1]}:${m[2]}:${m[3]}:${m[4]}`).sort();
}

async function unbuilt(): Promise<Workspace> {
  const ws = await copyFixture('built-packages');
  await wirePackages(ws, 'unbuilt');
  return ws;
}

/**
 * The in-process backends (`auto` runs the fixture's bundled TypeScript in process) answer
 * through a navigation view that resolves the unbuilt package to its source; a language server
 * resolves imports its own way, so over one the answers stop at the package boundary and say so.
 */
function inProcess(backend: Backend): boolean {
  return backend === 'auto' || backend === 'tsservice';
}

/**
 * Layout g of issue 13: layout c (`exports` → `dist/index.d.ts`) before the first build, so
 * `dist/` does not exist and the consumers' own tsc cannot resolve `@mono/shapes`.
 */
forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('packages imported by name through build output not built yet', () => {
    const ws = useShared(unbuilt);

    if (inProcess(backend)) {
      verifies(
        ['I13-MONO-UNBUILT', 'I13-MONO-REFERENCES'],
        'finds the same complete set from the declaration and from each consumer',
        async () => {
          await expectReferencesAcrossPackages(server(), ws());
        },
      );

      verifies(['I13-MONO-UNBUILT', 'I13-MONO-IMPLEMENTATIONS'], 'lists the implementing classes of every consumer package', async () => {
        await expectImplementationsAcrossPackages(server(), ws());
      });

      verifies(
        ['I13-MONO-UNBUILT', 'I13-MONO-CALLS'],
        'lists the callers in consumer packages, and a consumer calls into the source',
        async () => {
          await expectCallsAcrossPackages(server(), ws());
        },
      );

      verifies(['I13-MONO-UNBUILT', 'I13-MONO-DEFINITION'], 'goes from a consumer to the source declaration', async () => {
        await expectDefinitionInSource(server(), ws(), ['Square', 'totalArea', 'Shape']);
      });

      verifies(
        ['I13-MONO-UNBUILT', 'I13-MONO-RENAME'],
        "renames in every package, and after the first build every package's own tsc is clean",
        async () => {
          await using renamed = await unbuilt();
          const plan = await planRename(renamed, 'totalArea', 'sumOfAreas');

          const result = succeeded(
            await server().renameSymbol({ ...argsAt(renamed, await renamed.marker('decl', 'totalArea')), newName: 'sumOfAreas' }),
          );

          expect(normalizeModifications(result.filesModified)).toEqual(plan.filesModified);
          for (const [file, text] of plan.texts) expect(await renamed.read(file), file).toBe(text);
          expect(result.rebuild ?? []).toEqual([]);
          expect(runTsc(renamed, ['-p', 'packages/shapes/tsconfig.json'])).toBe('');
          expect(layoutErrors(renamed, 'unbuilt')).toBe('');
        },
        RENAME_TIMEOUT_MS,
      );
    } else {
      verifies(
        'I13-MONO-UNBUILT',
        "finds the declaring package's own references, and names each consumer it could not search",
        async () => {
          const all = await ws().markers({ tag: 'totalArea', kinds: ['decl', 'use', 'ref'] });
          const expected = all.filter((m) => m.file.startsWith('packages/shapes/'));

          const result = succeeded(await server().findReferences(argsAt(ws(), await ws().marker('decl', 'totalArea'))));

          expect(keysOf(result.references)).toEqual(markerKeys(expected));
          expect((result.failures ?? []).map((f) => f.filePath)).toEqual(['packages/app', 'packages/web']);
          for (const failure of result.failures ?? []) expect(failure.reason).toContain('no build output yet');
        },
      );

      verifies(
        ['I13-MONO-UNBUILT', 'I13-MONO-RENAME-REFUSED'],
        'refuses the rename with RENAME_CONFLICT naming the consumer packages, and writes nothing',
        async () => {
          await using refused = await unbuilt();
          const before = await refused.snapshot();

          const error = failedWith(
            await server().renameSymbol({ ...argsAt(refused, await refused.marker('decl', 'totalArea')), newName: 'sumOfAreas' }),
            'RENAME_CONFLICT',
          );

          expect(error.message).toContain('packages/app (@mono/app)');
          expect(error.message).toContain('packages/web (@mono/web)');
          expect(error.message).toContain('Nothing was changed');
          // A member too: the consumers' classes implement it, and no import names it.
          const member = (await refused.read('packages/shapes/src/shape.ts')).split('\n').findIndex((l) => /\barea\b/.test(l)) + 1;
          const memberError = failedWith(
            await server().renameSymbol({
              ...argsAt(refused, await refused.marker('decl', 'Shape')),
              line: member,
              column: 3,
              newName: 'perimeter',
            }),
            'RENAME_CONFLICT',
          );
          expect(memberError.message).toContain('packages/app (@mono/app)');
          expect(await refused.snapshot()).toEqual(before);
        },
      );
    }

    verifies(
      ['I13-MONO-UNBUILT', 'I13-MONO-REFERENCES'],
      'once the package is built, the next call answers through its build output: complete references, no missing module',
      async () => {
        await using later = await unbuilt();
        // Asked before the build: whatever this backend answers then, the answer after must not be stale.
        succeeded(await server().findReferences(argsAt(later, await later.marker('decl', 'totalArea'))));
        succeeded(await server().getDiagnostics({ workspaceRoot: later.root, filePath: 'packages/app/src/main.ts' }));

        expect(runTsc(later, ['-p', 'packages/shapes/tsconfig.json'])).toBe('');

        await expectReferencesAcrossPackages(server(), later);
        const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: later.root, filePath: 'packages/app/src/main.ts' }));
        expect(diagnostics.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      },
      RENAME_TIMEOUT_MS,
    );

    // After the navigation above: a view that crosses packages must not change what diagnostics say.
    verifies(
      'I13-MONO-UNBUILT',
      "get_diagnostics on each consumer file says what the consumer's own tsc says, no more, no less",
      async () => {
        for (const consumer of ['packages/app', 'packages/web']) {
          const expected = tscErrors(runTsc(ws(), ['--noEmit', '-p', `${consumer}/tsconfig.json`]));
          expect(expected.length, `${consumer}: tsc reports the missing module`).toBeGreaterThan(0);
          expect(new Set(expected.map((e) => e.split(':').at(-1)))).toEqual(new Set(['TS2307']));
          const files = [...new Set(expected.map((e) => e.split(':')[0] ?? ''))];
          for (const file of files) {
            const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws().root, filePath: file }));
            const errors = result.diagnostics
              .filter((d) => d.severity === 'error')
              .map((d) => `${d.filePath}:${d.line}:${d.column}:${d.code}`);
            expect(errors.sort(), file).toEqual(expected.filter((e) => e.startsWith(`${file}:`)));
          }
        }
      },
    );
  });
});
