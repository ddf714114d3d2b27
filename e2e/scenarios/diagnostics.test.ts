import { describe, expect } from 'vitest';
import { addBinaryFile } from '../fixtures/generators.js';
import { forEachBackend } from '../helpers/backends.js';
import { bundledCompiler } from '../helpers/compilers.js';
import { expectCountsMatchList, expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture } from '../helpers/workspace.js';

function countText(count: number, noun: string): RegExp {
  return new RegExp(`\\b${count}\\s*${noun}|${noun}s?\\W+${count}\\b`, 'i');
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('in a project with errors and hints', () => {
    const project = useShared(() => copyFixture('diagnostics'));

    verifies(['AC-1.4.2', 'AC-1.4.4', 'DR-001.2'], 'returns exactly the errors of the requested file, each with its TS code', async () => {
      const ws = project();
      const markers = await ws.markers({ file: 'src/errors.ts', kinds: ['err', 'hint'] });

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/errors.ts' }));

      expectMarkedDiagnostics(result.diagnostics, markers);
      expect(result.diagnostics).toHaveLength(markers.length);
      expect(result.diagnostics.every((d) => d.filePath === 'src/errors.ts')).toBe(true);
      expect(result.diagnostics.every((d) => /^TS\d+$/.test(d.code))).toBe(true);
      expectCountsMatchList(result);
    });

    verifies(['AC-1.4.1', 'AC-1.4.2'], 'reports an unused local as a hint', async () => {
      const ws = project();
      const markers = await ws.markers({ file: 'src/hints.ts', kinds: ['hint'] });
      expect(markers.length).toBeGreaterThan(0);

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/hints.ts' }));

      expectMarkedDiagnostics(result.diagnostics, markers);
      expect(result.hintCount).toBeGreaterThanOrEqual(markers.length);
      expect(result.errorCount).toBe(0);
    });

    verifies('R-POS-CODEPOINT', 'places a diagnostic after emoji at its code-point columns', async () => {
      const ws = project();
      const markers = await ws.markers({ file: 'src/emoji.ts', kinds: ['err'] });

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/emoji.ts' }));

      expectMarkedDiagnostics(result.diagnostics, markers);
      expect(result.diagnostics).toHaveLength(markers.length);
    });

    verifies('AC-1.4.2', 'returns nothing, with zero counts, for a clean file', async () => {
      const ws = project();

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/clean.ts' }));

      // Issue 12: and which compiler answered; the fixture has no typescript of its own.
      expect(result).toEqual({
        success: true,
        diagnostics: [],
        errorCount: 0,
        warningCount: 0,
        infoCount: 0,
        hintCount: 0,
        fileCount: 0,
        compiler: bundledCompiler(backend),
      });
    });

    verifies(
      ['AC-1.4.3', 'AC-1.4.5', 'AC-1.4.1', 'R-TEXT-CONTENT'],
      'checks every project file when filePath is omitted, with counts by severity',
      async () => {
        const ws = project();
        const errors = await ws.markers({ kinds: ['err'] });
        const hints = await ws.markers({ kinds: ['hint'] });

        const outcome = await server().getDiagnostics({ workspaceRoot: ws.root });

        const result = succeeded(outcome);
        expectMarkedDiagnostics(result.diagnostics, [...errors, ...hints]);
        expect(result.errorCount).toBe(errors.length);
        expect(result.hintCount).toBeGreaterThanOrEqual(hints.length);
        expect(new Set(result.diagnostics.map((d) => d.severity))).toEqual(new Set(['error', 'hint']));
        expect(new Set(result.diagnostics.map((d) => d.filePath))).toEqual(new Set([...errors, ...hints].map((m) => m.file)));
        expectCountsMatchList(result);
        expect(result.failures).toBeUndefined();
        expect(outcome.text).toMatch(countText(result.errorCount, 'error'));
      },
    );
  });

  describe('in a file with a syntax error', () => {
    const project = useShared(() => copyFixture('diagnostics'));

    verifies('EC-001.2', 'reports the syntax error in the file diagnostics', async () => {
      const ws = project();
      const markers = await ws.markers({ file: 'src/broken.ts', kinds: ['err'] });

      const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/broken.ts' }));

      expectMarkedDiagnostics(result.diagnostics, markers);
      expect(result.errorCount).toBeGreaterThanOrEqual(markers.length);
    });

    verifies('EC-001.2', 'still finds definitions and references from inside the broken file', async () => {
      const ws = project();
      const usage = await ws.marker('use', 'total', 'src/broken.ts');
      const declaration = await ws.marker('decl', 'total');

      const definition = succeeded(await server().goToDefinition(argsAt(ws, usage)));
      const references = succeeded(await server().findReferences(argsAt(ws, usage)));

      expect(keysOf(definition.definitions)).toEqual(markerKeys([declaration]));
      expect(keysOf(references.references)).toEqual(markerKeys(await ws.markers({ tag: 'total', kinds: ['decl', 'use', 'ref'] })));
    });
  });

  describe('when a project file cannot be processed', () => {
    verifies(
      ['AC-1.8.2', 'AC-1.8.3', 'AC-1.8.4', 'R-TEXT-CONTENT'],
      'returns the diagnostics of the other files and lists the binary file with a reason',
      async () => {
        await using ws = await copyFixture('diagnostics');
        await addBinaryFile(ws, 'src/corrupt.ts');
        const errors = await ws.markers({ kinds: ['err'] });

        const outcome = await server().getDiagnostics({ workspaceRoot: ws.root });

        const result = succeeded(outcome);
        expectMarkedDiagnostics(result.diagnostics, errors);
        const failure = result.failures?.find((f) => f.filePath === 'src/corrupt.ts');
        expect(failure, JSON.stringify(result.failures)).toBeDefined();
        expect(failure?.reason.trim()).not.toBe('');
        expect(outcome.text).toContain('src/corrupt.ts');
      },
    );
  });
});
