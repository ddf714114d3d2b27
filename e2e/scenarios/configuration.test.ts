import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { first, keysOf, markerKeys } from '../helpers/expectations.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, changedPaths, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

const REFERENCE_KINDS = ['decl', 'use', 'ref'];

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('without an initialization step', () => {
    const basic = useShared(() => copyFixture('basic'));
    const jsOnly = useShared(() => copyFixture('js-only'));

    verifies('AC-1.5.1', 'answers calls for different workspaces, each named in its own call', async () => {
      for (const [ws, tag] of [
        [basic(), 'parseConfig'],
        [jsOnly(), 'add'],
        [basic(), 'Config'],
      ] as const) {
        const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', tag))));
        expect(keysOf(result.references.filter((r) => !r.filePath.startsWith('scripts/')))).toEqual(
          markerKeys(await ws.markers({ tag, kinds: REFERENCE_KINDS })),
        );
      }
    });
  });

  describe('in a JavaScript project with only jsconfig.json', () => {
    const project = useShared(() => copyFixture('js-only'));

    verifies('AC-1.5.3', 'finds references across JavaScript files', async () => {
      const ws = project();
      const result = succeeded(
        await server().findReferences(argsAt(ws, first(await ws.markers({ tag: 'add', kinds: ['use'], file: 'src/main.js' })))),
      );
      expect(keysOf(result.references)).toEqual(markerKeys(await ws.markers({ tag: 'add', kinds: REFERENCE_KINDS })));
    });

    verifies('AC-1.5.3', "type-checks JavaScript because the jsconfig's checkJs says so", async () => {
      const ws = project();
      const markers = await ws.markers({ file: 'src/math.js', kinds: ['err'] });

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/math.js' }));

      expectMarkedDiagnostics(result.diagnostics, markers);
      expect(result.errorCount).toBe(markers.length);
    });
  });

  describe('with a jsconfig.json next to the tsconfig.json', () => {
    verifies('AC-1.5.3', 'uses the tsconfig.json, not the jsconfig.json', async () => {
      await using ws = await copyFixture('mixed');
      await ws.write('jsconfig.json', JSON.stringify({ compilerOptions: { allowJs: true, checkJs: true }, include: ['src'] }, null, 2));
      await ws.write('src/typed.js', '/** @type {number} */\nexport const wrong = "checked only by the jsconfig";\n');

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/typed.js' }));

      expect(result.errorCount, JSON.stringify(result.diagnostics)).toBe(0);
    });
  });

  describe('with a tsconfig.json that extends shared configs', () => {
    verifies('R-CONFIG-EXTENDS', 'applies options from a config package in node_modules and from a list of extends', async () => {
      await using ws = await copyFixture('basic');
      await ws.write('node_modules/@tsconfig/strictest/package.json', JSON.stringify({ name: '@tsconfig/strictest', version: '1.0.0' }));
      await ws.write('node_modules/@tsconfig/strictest/tsconfig.json', JSON.stringify({ compilerOptions: { noUnusedLocals: true } }));
      await ws.write('extra.json', JSON.stringify({ compilerOptions: { noUnusedParameters: true } }));
      await ws.write(
        'src/unused.ts',
        'export function unusedDemo(/*@unused*/input: number): number {\n  const /*@unused*/spare = 1;\n  return 0;\n}\n',
      );
      const config = JSON.parse(await ws.read('tsconfig.json')) as Record<string, unknown>;
      const unusedErrors = async () => {
        const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/unused.ts' }));
        return result.diagnostics.filter((d) => d.code === 'TS6133' && d.severity === 'error').map((d) => `${d.line}:${d.column}`);
      };
      const [parameter, local] = await ws.markers({ kinds: ['unused'], file: 'src/unused.ts' });

      await ws.write('tsconfig.json', JSON.stringify({ ...config, extends: '@tsconfig/strictest/tsconfig.json' }, null, 2));
      expect(await unusedErrors()).toEqual([`${local?.line}:${local?.column}`]);

      await ws.write(
        'tsconfig.json',
        JSON.stringify({ ...config, extends: ['@tsconfig/strictest/tsconfig.json', './extra.json'] }, null, 2),
      );
      expect((await unusedErrors()).sort()).toEqual([`${parameter?.line}:${parameter?.column}`, `${local?.line}:${local?.column}`].sort());
    });
  });

  describe('with tsconfig files inside node_modules', () => {
    verifies('AC-1.4.3', 'does not treat dependencies as projects of the workspace', async () => {
      await using ws = await copyFixture('basic');
      await ws.write('node_modules/fake-lib/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true }, include: ['*.ts'] }));
      await ws.write('node_modules/fake-lib/broken.ts', 'export const inDependency: number = "not a project file";\n');
      await ws.write('vendor/node_modules/deep/tsconfig.json', JSON.stringify({ include: ['*.ts'] }));
      await ws.write('vendor/node_modules/deep/broken.ts', 'export const nested: number = "not a project file either";\n');

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));

      expect(result.diagnostics, JSON.stringify(result.diagnostics)).toEqual([]);
      expect(result.failures).toBeUndefined();
    });
  });

  describe('in a mixed TypeScript and JavaScript project', () => {
    const project = useShared(() => copyFixture('mixed'));

    verifies('R-CONFIG-MIXED', 'follows symbols from TypeScript into JavaScript and back', async () => {
      const ws = project();
      for (const tag of ['toMeters', 'legacyScale']) {
        const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', tag))));
        expect(keysOf(result.references), tag).toEqual(markerKeys(await ws.markers({ tag, kinds: REFERENCE_KINDS })));
      }
      const intoJs = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('use', 'legacyScale', 'src/report.ts'))));
      const intoTs = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('use', 'toMeters', 'src/legacy.js'))));
      expect(keysOf(intoJs.definitions)).toEqual(markerKeys([await ws.marker('decl', 'legacyScale')]));
      expect(keysOf(intoTs.definitions)).toEqual(markerKeys([await ws.marker('decl', 'toMeters')]));
    });
  });

  describe('without any config file', () => {
    const project = useShared(() => copyFixture('no-config'));

    verifies(['AC-1.5.4', 'EC-001.1'], 'includes every .ts, .tsx, .js and .jsx file, imported or not', async () => {
      const ws = project();
      const expected = await ws.markers({ tag: 'helper', kinds: REFERENCE_KINDS });
      expect(new Set(expected.map((m) => m.file.replace(/^.*\./, '')))).toEqual(new Set(['ts', 'tsx', 'js', 'jsx']));

      const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'helper'))));

      expect(keysOf(result.references)).toEqual(markerKeys(expected));
    });

    verifies(['AC-1.5.4', 'EC-001.1'], 'treats files as ES modules and checks types permissively', async () => {
      const ws = project();

      // An untyped parameter (implicit any) and a top-level await are both fine by default.
      const util = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'lib/util.ts' }));
      const boot = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'app/boot.ts' }));

      expect(util.errorCount, JSON.stringify(util.diagnostics)).toBe(0);
      expect(boot.errorCount, JSON.stringify(boot.diagnostics)).toBe(0);
    });

    verifies(['EC-001.1', 'AC-1.4.3'], 'reports project-wide diagnostics for all files, including unimported ones', async () => {
      const ws = project();
      const errors = await ws.markers({ kinds: ['err'] });

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));

      expectMarkedDiagnostics(result.diagnostics, errors);
      expect(result.errorCount, JSON.stringify(result.diagnostics)).toBe(errors.length);
    });
  });

  describe('for a file outside the tsconfig include', () => {
    const basic = useShared(() => copyFixture('basic'));

    verifies('EC-001.5', 'still resolves definitions, references and diagnostics of the file', async () => {
      const ws = basic();
      // The call, not the import: its definition is the declaration.
      const usage = (await ws.markers({ tag: 'parseConfig', kinds: ['out'], file: 'scripts/outside-include.ts' })).at(-1) as Marker;
      const declaration = await ws.marker('decl', 'parseConfig');

      const definition = succeeded(await server().goToDefinition(argsAt(ws, usage)));
      const references = succeeded(await server().findReferences(argsAt(ws, usage)));
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: usage.file }));

      expect(keysOf(definition.definitions)).toEqual(markerKeys([declaration]));
      expect(keysOf(references.references)).toEqual(expect.arrayContaining(markerKeys([declaration, usage])));
      expectMarkedDiagnostics(diagnostics.diagnostics, await ws.markers({ file: usage.file, kinds: ['err'] }));
    });
  });

  describe('with an unusable config', () => {
    async function expectConfigNotFound(ws: Workspace, file: string, names: readonly string[], projectWide: boolean): Promise<void> {
      const marker = first(await ws.markers({ file, kinds: ['decl'] }), 'declaration marker');
      const at = argsAt(ws, marker);
      const before = await ws.snapshot();
      const outcomes = [
        await server().findReferences(at),
        await server().goToDefinition(at),
        await server().renameSymbol({ ...at, newName: 'renamedByTest' }),
        await server().getDiagnostics({ workspaceRoot: ws.root, filePath: file }),
        ...(projectWide ? [await server().getDiagnostics({ workspaceRoot: ws.root })] : []),
      ];
      for (const outcome of outcomes) {
        const error = failedWith(outcome, 'CONFIG_NOT_FOUND');
        expect(
          names.some((name) => error.message.includes(name)),
          `"${error.message}" names none of ${names.join(', ')}`,
        ).toBe(true);
        expect(error.resolution.trim()).not.toBe('');
      }
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    }

    verifies('R-CONFIG-BROKEN', 'refuses a tsconfig.json that is not valid JSON, naming it', async () => {
      await using ws = await copyFixture('basic');
      await ws.write('tsconfig.json', '{\n  "compilerOptions": {\n    "strict": true\n');
      await expectConfigNotFound(ws, 'src/config.ts', ['tsconfig.json'], true);
    });

    verifies('R-CONFIG-BROKEN', 'refuses a tsconfig.json whose extends target is missing, naming it', async () => {
      await using ws = await copyFixture('basic');
      await ws.write('tsconfig.json', JSON.stringify({ extends: './missing-base.json', include: ['src'] }, null, 2));
      await expectConfigNotFound(ws, 'src/config.ts', ['missing-base.json', 'tsconfig.json'], true);
    });

    verifies('R-CONFIG-BROKEN', 'refuses a tsconfig.json whose referenced project is missing, naming it', async () => {
      await using ws = await copyFixture('monorepo');
      const config = JSON.parse(await ws.read('packages/a/tsconfig.json')) as { references: { path: string }[] };
      config.references = [{ path: './tsconfig.missing.json' }];
      await ws.write('packages/a/tsconfig.json', JSON.stringify(config, null, 2));
      await expectConfigNotFound(ws, 'packages/a/src/index.ts', ['tsconfig.missing.json', 'packages/a/tsconfig.json'], false);
    });
  });
});
