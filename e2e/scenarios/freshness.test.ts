import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

const REFERENCE_KINDS = ['decl', 'use', 'ref'];

/** parseConfig's references in the project (the file outside `include` aside). */
async function expectedParseConfigKeys(ws: Workspace): Promise<string[]> {
  return markerKeys(await ws.markers({ tag: 'parseConfig', kinds: REFERENCE_KINDS }));
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  async function parseConfigKeys(ws: Workspace): Promise<string[]> {
    const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'parseConfig'))));
    return keysOf(result.references.filter((r) => !r.filePath.startsWith('scripts/')));
  }

  describe('between calls', () => {
    verifies('R-FRESH-EDIT', 'sees usages added to and removed from a file', async () => {
      await using ws = await copyFixture('basic');
      expect(await parseConfigKeys(ws)).toEqual(await expectedParseConfigKeys(ws));

      await ws.write('src/cli.ts', `${await ws.read('src/cli.ts')}\nexport const extra = /*@use:parseConfig*/parseConfig('extra:2');\n`);
      expect(await parseConfigKeys(ws)).toEqual(await expectedParseConfigKeys(ws));

      await ws.write('src/app.ts', (await ws.read('src/app.ts')).replace(/^export const primary = .*$/m, 'export const primary = null;'));
      expect(await parseConfigKeys(ws)).toEqual(await expectedParseConfigKeys(ws));
    });

    verifies('R-FRESH-EDIT', 'sees an error introduced into a file, and its fix', async () => {
      await using ws = await copyFixture('basic');
      const original = await ws.read('src/settings.ts');
      const diagnosticsOf = async () => succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/settings.ts' }));
      expect((await diagnosticsOf()).errorCount).toBe(0);

      await ws.write('src/settings.ts', `${original}export const /*@err:TS2322*/broken: number = 'now broken';\n`);
      const broken = await diagnosticsOf();
      expectMarkedDiagnostics(broken.diagnostics, await ws.markers({ file: 'src/settings.ts', kinds: ['err'] }));

      await ws.write('src/settings.ts', original);
      expect((await diagnosticsOf()).errorCount).toBe(0);
    });

    verifies('R-FRESH-EDIT', 'sees an edit that keeps the size of the file', async () => {
      await using ws = await copyFixture('basic');
      const original = await ws.read('src/settings.ts');
      const edited = original.replace("'dark'", '123456');
      expect(edited.length).toBe(original.length);
      const errorsOf = async () =>
        succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/settings.ts' })).errorCount;
      expect(await errorsOf()).toBe(0);

      await ws.write('src/settings.ts', edited);

      expect(await errorsOf()).toBe(1);
    });

    verifies('R-FRESH-EDIT', "sees a declaration added to a file's outline, and renamed within the same size", async () => {
      await using ws = await copyFixture('basic');
      const namesOf = async (): Promise<string[]> => {
        const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/settings.ts' }));
        return result.symbols.map((s: { name: string }) => s.name);
      };
      const original = await ws.read('src/settings.ts');
      expect(await namesOf()).not.toContain('addedLater');

      await ws.write('src/settings.ts', `${original}\nexport function addedLater(): number {\n  return 1;\n}\n`);
      expect(await namesOf()).toContain('addedLater');

      // Outlines may be kept per version of the file: an edit of the same size is a new version.
      await ws.write('src/settings.ts', `${original}\nexport function addedLatex(): number {\n  return 1;\n}\n`);
      const names = await namesOf();
      expect(names).toContain('addedLatex');
      expect(names).not.toContain('addedLater');
    });

    verifies('R-FRESH-CREATE', 'sees a new file in references, definitions and project diagnostics', async () => {
      await using ws = await copyFixture('basic');
      await parseConfigKeys(ws);

      await ws.write(
        'src/new-user.ts',
        [
          "import { /*@ref:parseConfig*/parseConfig } from './config';",
          '',
          "export const fresh = /*@use:parseConfig*/parseConfig('fresh:1');",
          "export const /*@err:TS2322*/freshError: number = 'new';",
          '',
        ].join('\n'),
      );

      expect(await parseConfigKeys(ws)).toEqual(await expectedParseConfigKeys(ws));
      const definition = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('use', 'parseConfig', 'src/new-user.ts'))));
      expect(keysOf(definition.definitions)).toEqual(markerKeys([await ws.marker('decl', 'parseConfig')]));
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
      expectMarkedDiagnostics(diagnostics.diagnostics, await ws.markers({ file: 'src/new-user.ts', kinds: ['err'] }));
    });

    verifies('R-FRESH-DELETE', 'forgets a deleted file and reports the imports it breaks', async () => {
      await using ws = await copyFixture('basic');
      await parseConfigKeys(ws);
      const usage = await ws.marker('use', 'parseConfig', 'src/cli.ts');

      await ws.remove('src/cli.ts');

      expect(await parseConfigKeys(ws)).toEqual(await expectedParseConfigKeys(ws));
      failedWith(await server().goToDefinition(argsAt(ws, usage)), 'FILE_NOT_FOUND');

      await ws.remove('src/config.ts');
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
      expect(
        diagnostics.diagnostics.some((d) => d.filePath === 'src/app.ts' && d.code === 'TS2307'),
        JSON.stringify(diagnostics.diagnostics),
      ).toBe(true);
      expect(diagnostics.diagnostics.some((d) => d.filePath === 'src/config.ts' || d.filePath === 'src/cli.ts')).toBe(false);
    });

    verifies('R-FRESH-CONFIG', 'applies a compiler option added to tsconfig.json', async () => {
      await using ws = await copyFixture('basic');
      await ws.write('src/unused.ts', 'export function unusedDemo(): number {\n  const /*@unused*/spare = 1;\n  return 0;\n}\n');
      const spare = await ws.marker('unused', '', 'src/unused.ts');
      const unusedErrors = async () =>
        succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/unused.ts' })).diagnostics.filter(
          (d) => d.severity === 'error' && d.code === 'TS6133' && d.line === spare.line,
        );
      expect(await unusedErrors()).toEqual([]);

      const config = JSON.parse(await ws.read('tsconfig.json')) as { compilerOptions: Record<string, unknown> };
      config.compilerOptions['noUnusedLocals'] = true;
      await ws.write('tsconfig.json', JSON.stringify(config, null, 2));

      expect(await unusedErrors()).toHaveLength(1);
    });
  });
});
