import { describe, expect } from 'vitest';
import type { FixtureName } from '../fixtures/catalog.js';
import { forEachBackend, type Backend } from '../helpers/backends.js';
import { bundledCompiler, installedTypeScript, tscErrors } from '../helpers/compilers.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { succeeded } from '../helpers/outcomes.js';
import { RawServer } from '../helpers/raw-process.js';
import type { CompilerItem, GetDiagnosticsResult } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture, type Workspace } from '../helpers/workspace.js';

/** The installs the fixtures link as their own `typescript` (aliased dev dependencies of e2e). */
type Own = 'typescript-5-0' | 'typescript-6' | 'typescript-7';

/**
 * Whose compiler each backend runs for a project whose own `typescript` is `own`, as
 * docs/backends.md states it: `auto` the project's own whichever version; `tsservice` its own
 * 5.x/6.x in process, else the bundled 5.9; `lsp` and `tsgo` their pinned compiler. A bundled
 * compiler answering for a project with another version of its own says so in a note.
 */
function expectedCompiler(backend: Backend, own: Own): { compiler: CompilerItem; noted: boolean } {
  const mine = installedTypeScript(own);
  const runsOwn = backend === 'auto' || (backend === 'tsservice' && own !== 'typescript-7');
  if (runsOwn) return { compiler: { version: mine.version, source: 'workspace', path: mine.path }, noted: false };
  const bundled = bundledCompiler(backend);
  return { compiler: bundled, noted: bundled.version !== mine.version };
}

function expectCompiler(actual: CompilerItem | undefined, expected: { compiler: CompilerItem; noted: boolean }): void {
  expect(actual).toMatchObject(expected.compiler);
  if (expected.noted) expect(actual?.note, "a note saying why the project's own compiler did not answer").toBeTruthy();
  else expect(actual).not.toHaveProperty('note');
}

/** The errors of a result as the oracle lists them: `file:line:column TScode`, sorted. */
function errorKeys(result: GetDiagnosticsResult): string[] {
  return result.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.filePath}:${d.line}:${d.column} ${d.code}`)
    .sort();
}

/** What the `tsc` of the compiler the result names says about `project`, restricted to `files` (the project's own). */
function oracle(compiler: CompilerItem, ws: Workspace, fixture: FixtureName, project: string, files: (file: string) => boolean): string[] {
  return tscErrors(compiler.path, ws.root, project, fixture).filter((key) => files(key.split(':')[0] ?? ''));
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe("a project's own compiler", () => {
    const ts6 = useShared(() => copyFixture('compiler-ts6'));
    const ts7 = useShared(() => copyFixture('compiler-ts7'));

    verifies('I12-OWN-COMPILER', "answers a TypeScript 6 project with 6.0's defaults, naming the compiler", async () => {
      const ws = ts6();
      const outcome = await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'a.ts' });
      const result = succeeded(outcome);
      const expected = expectedCompiler(backend, 'typescript-6');

      expectCompiler(result.compiler, expected);
      expect(errorKeys(result)).toEqual(oracle(expected.compiler, ws, 'compiler-ts6', '.', () => true));
      expect(outcome.text).toContain(
        `compiler: typescript ${expected.compiler.version} (${expected.compiler.source}, ${expected.compiler.path})`,
      );
      if (backend === 'auto') {
        // 6.0 is strict unless a config says otherwise: an untyped parameter is an error there, and nothing in 5.9.
        const x = await ws.marker('param', 'x');
        expect(errorKeys(result)).toEqual([`a.ts:${x.line}:${x.column} TS7006`]);
        expect(tscErrors(bundledCompiler('auto').path, ws.root, '.', 'compiler-ts6')).toEqual([]);
      }
    });

    verifies(
      'I12-NATIVE-COMPILER',
      'answers a TypeScript 7 project with its own native compiler: JSDoc @enum is no type there',
      async () => {
        const ws = ts7();
        const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/colors.js' }));
        const expected = expectedCompiler(backend, 'typescript-7');

        expectCompiler(result.compiler, expected);
        expect(errorKeys(result)).toEqual(oracle(expected.compiler, ws, 'compiler-ts7', '.', () => true));
        if (backend === 'auto') {
          const text = await ws.read('src/colors.js');
          const lines = text.split('\n');
          const line = lines.findIndex((l) => l.includes('{Color}')) + 1;
          const column = (lines[line - 1] ?? '').indexOf('Color}') + 1;
          expect(errorKeys(result)).toEqual([`src/colors.js:${line}:${column} TS2749`]);
          expect(tscErrors(bundledCompiler('auto').path, ws.root, '.', 'compiler-ts7')).toEqual([]);
        }
      },
    );
  });

  describe('a monorepo on two TypeScript versions', () => {
    const mono = useShared(() => copyFixture('compiler-monorepo'));
    const legacyFile = (file: string): boolean => file.startsWith('packages/legacy/');
    const modernFile = (file: string): boolean => file.startsWith('packages/modern/');

    verifies('I12-MONOREPO-VERSIONS', 'answers each package with its own compiler, one file at a time', async () => {
      const ws = mono();
      const lib = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'packages/legacy/src/lib.ts' }));
      const app = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'packages/modern/src/app.ts' }));
      const legacy = expectedCompiler(backend, 'typescript-5-0');
      const modern = expectedCompiler(backend, 'typescript-7');

      expectCompiler(lib.compiler, legacy);
      expectCompiler(app.compiler, modern);
      const isLib = (file: string): boolean => file === 'packages/legacy/src/lib.ts';
      const isApp = (file: string): boolean => file === 'packages/modern/src/app.ts';
      expect(errorKeys(lib)).toEqual(oracle(legacy.compiler, ws, 'compiler-monorepo', 'packages/legacy', isLib));
      expect(errorKeys(app)).toEqual(oracle(modern.compiler, ws, 'compiler-monorepo', 'packages/modern', isApp));
      if (backend === 'auto') {
        // 5.0 is not strict by default, 7.0 is: the same untyped parameter is an error in one package only.
        const y = await ws.marker('param', 'y');
        expect(errorKeys(lib)).toEqual([]);
        expect(errorKeys(app)).toEqual([`packages/modern/src/app.ts:${y.line}:${y.column} TS7006`]);
      }
    });

    verifies('I12-MONOREPO-VERSIONS', 'checks the whole workspace with both compilers, each on its own projects, naming both', async () => {
      const ws = mono();
      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
      const legacy = expectedCompiler(backend, 'typescript-5-0');
      const modern = expectedCompiler(backend, 'typescript-7');

      expect(errorKeys(result)).toEqual(
        [
          ...oracle(legacy.compiler, ws, 'compiler-monorepo', 'packages/legacy', legacyFile),
          ...oracle(modern.compiler, ws, 'compiler-monorepo', 'packages/modern', modernFile),
        ].sort(),
      );
      const byProject = new Map((result.compilers ?? []).map((c) => [(c.projects ?? []).join(','), c]));
      expect([...byProject.keys()].sort()).toEqual(['packages/legacy/tsconfig.json', 'packages/modern/tsconfig.json']);
      expectCompiler(byProject.get('packages/legacy/tsconfig.json'), legacy);
      expectCompiler(byProject.get('packages/modern/tsconfig.json'), modern);
      expect(result.compiler).toEqual(result.compilers?.[0]);
    });

    verifies('I12-MONOREPO-VERSIONS', 'finds references across the packages from either side', async () => {
      const ws = mono();
      const expected = markerKeys(await ws.markers({ tag: 'twice', kinds: ['decl', 'ref', 'use'] }));
      const decl = await ws.marker('decl', 'twice');
      const use = await ws.marker('use', 'twice', 'packages/modern/src/app.ts');

      for (const from of [decl, use]) {
        const result = succeeded(
          await server().findReferences({ workspaceRoot: ws.root, filePath: from.file, line: from.line, column: from.column }),
        );
        expect(keysOf(result.references), `from ${from.file}`).toEqual(expected);
      }
    });
  });

  describe('a project without a usable typescript of its own', () => {
    const declared = useShared(() => copyFixture('compiler-declared'));
    const none = useShared(() => copyFixture('no-config'));

    verifies('I12-NO-COMPILER', 'is answered by the bundled compiler, named without a note, file by file and project-wide', async () => {
      const ws = none();
      const [file] = await ws.sourceFiles();
      if (file === undefined) throw new Error('the no-config fixture has no source file');
      const one = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: file }));
      const all = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));

      expect(one.compiler).toEqual(bundledCompiler(backend));
      expect(all.compiler).toEqual({ ...bundledCompiler(backend), projects: ['.'] });
      expect(all).not.toHaveProperty('compilers');
    });

    verifies(
      'I12-DECLARED-NOT-INSTALLED',
      'is answered by the bundled compiler when package.json asks for one not installed, saying so',
      async () => {
        const ws = declared();
        const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'a.ts' }));
        const bundled = bundledCompiler(backend);

        expect(result.compiler).toMatchObject(bundled);
        expect(result.compiler?.note).toContain('asks for typescript ^7.0.2, but it is not installed');
        expect(errorKeys(result)).toEqual(oracle(bundled, ws, 'compiler-declared', '.', () => true));
      },
    );
  });

  describe('LSP_BRIDGE_TYPESCRIPT=bundled', () => {
    const forced = useShared(() => startServer({ backend, env: { LSP_BRIDGE_TYPESCRIPT: 'bundled' } }));
    const ts6 = useShared(() => copyFixture('compiler-ts6'));

    verifies('I12-FORCE-BUNDLED', "answers with the bundled compiler, saying the project's own is not used", async () => {
      const ws = ts6();
      const result = succeeded(await forced().getDiagnostics({ workspaceRoot: ws.root, filePath: 'a.ts' }));
      const bundled = bundledCompiler(backend);

      expect(result.compiler).toMatchObject(bundled);
      expect(result.compiler?.note).toContain('LSP_BRIDGE_TYPESCRIPT=bundled');
      expect(errorKeys(result)).toEqual(oracle(bundled, ws, 'compiler-ts6', '.', () => true));
    });
  });
});

describe('LSP_BRIDGE_TYPESCRIPT', () => {
  verifies('I12-FORCE-BUNDLED', 'stops the server at start-up when it is neither workspace nor bundled, naming the value', async () => {
    await using raw = RawServer.spawn({ backend: 'auto', env: { LSP_BRIDGE_TYPESCRIPT: '6.0' } });

    const exit = await raw.exit();

    expect(exit.code, raw.stderr).not.toBe(0);
    expect(raw.stderr).toContain('LSP_BRIDGE_TYPESCRIPT "6.0"');
    expect(raw.stdoutLines).toEqual([]);
  });
});
