import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { expectProjectRelative, keysOf, markerKeys } from '../helpers/expectations.js';
import { succeeded } from '../helpers/outcomes.js';
import { planRename } from '../helpers/rename-plan.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture } from '../helpers/workspace.js';

const REFERENCE_KINDS = ['decl', 'use', 'ref'];

/** FS-001.6's extensions and the symbol each fixture file declares. */
const MODULES = [
  { extension: '.ts', tag: 'fromTs' },
  { extension: '.tsx', tag: 'FromTsx' },
  { extension: '.js', tag: 'fromJs' },
  { extension: '.jsx', tag: 'FromJsx' },
  { extension: '.mts', tag: 'fromMts' },
  { extension: '.cts', tag: 'fromCts' },
  { extension: '.mjs', tag: 'fromMjs' },
  { extension: '.cjs', tag: 'fromCjs' },
  { extension: '.d.ts', tag: 'FromDts' },
] as const;

function extensionOf(file: string): string {
  return file.endsWith('.d.ts') ? '.d.ts' : file.slice(file.lastIndexOf('.'));
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('every supported extension', () => {
    const project = useShared(() => copyFixture('extensions'));

    for (const { extension, tag } of MODULES) {
      verifies('AC-1.6.1', `finds references, definitions and diagnostics of a ${extension} file`, async () => {
        const ws = project();
        const declaration = await ws.marker('decl', tag);
        expect(extensionOf(declaration.file)).toBe(extension);
        const expected = await ws.markers({ tag, kinds: REFERENCE_KINDS });

        const references = succeeded(await server().findReferences(argsAt(ws, declaration)));
        const definition = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('use', tag, 'src/consumer.ts'))));
        const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: declaration.file }));

        expect(keysOf(references.references)).toEqual(markerKeys(expected));
        expect(keysOf(definition.definitions)).toEqual(markerKeys([declaration]));
        expect(definition.definitions[0]?.isExternal).toBe(extension === '.d.ts');
        const errors = await ws.markers({ file: declaration.file, kinds: ['err'] });
        expectMarkedDiagnostics(diagnostics.diagnostics, errors);
        expect(diagnostics.errorCount).toBe(errors.length);
      });

      verifies('AC-1.6.1', `renames a symbol declared in a ${extension} file`, async () => {
        await using ws = await copyFixture('extensions');
        const plan = await planRename(ws, tag, `${tag}Renamed`);

        const result = succeeded(await server().renameSymbol({ ...argsAt(ws, await ws.marker('decl', tag)), newName: `${tag}Renamed` }));

        for (const [file, text] of plan.texts) expect(await ws.read(file), file).toBe(text);
        expect(result.totalChanges).toBe(plan.totalChanges);
      });
    }

    verifies(['AC-1.6.2', 'BS-001.1'], 'shows project files by workspace-relative paths with forward slashes', async () => {
      const ws = project();

      const references = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'fromTs'))));
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));

      const shown = [...references.references.map((r) => r.filePath), ...diagnostics.diagnostics.map((d) => d.filePath)];
      expect(shown.length).toBeGreaterThan(0);
      for (const filePath of shown) expectProjectRelative(filePath);
      const files = new Set(await ws.sourceFiles());
      for (const filePath of shown) expect(files.has(filePath), filePath).toBe(true);
    });
  });
});
