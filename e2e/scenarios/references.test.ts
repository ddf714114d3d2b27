import { describe, expect } from 'vitest';
import { addBinaryFile, addBomCrlfFiles, addManyReferences } from '../fixtures/generators.js';
import { forEachBackend } from '../helpers/backends.js';
import {
  compareLocations,
  expectReferenceOrder,
  expectReferenceTypes,
  first,
  keysOf,
  locationKey,
  markerKey,
  markerKeys,
} from '../helpers/expectations.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { positionAfter } from '../helpers/text.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture } from '../helpers/workspace.js';

const REFERENCE_KINDS = ['decl', 'use', 'ref'];

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('in a single-tsconfig project', () => {
    const basic = useShared(() => copyFixture('basic'));

    verifies('AC-1.1.1', 'returns every reference in the project when asked at the declaration', async () => {
      const ws = basic();
      const expected = await ws.markers({ tag: 'parseConfig', kinds: REFERENCE_KINDS });
      const outsideInclude = new Set((await ws.markers({ tag: 'parseConfig', kinds: ['out'] })).map(markerKey));

      const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'parseConfig'))));

      expect(result.symbolName).toBe('parseConfig');
      expect(keysOf(result.references.filter((r) => !outsideInclude.has(locationKey(r))))).toEqual(markerKeys(expected));
      expect(result.totalCount).toBe(result.references.length);
      expect(result.truncated).toBe(false);
    });

    verifies('AC-1.1.1', 'returns the same references when asked at a usage in another file', async () => {
      const ws = basic();
      const usage = await ws.marker('use', 'parseConfig', 'src/cli.ts');
      const fromDeclaration = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'parseConfig'))));

      const fromUsage = succeeded(await server().findReferences(argsAt(ws, usage)));

      expect(keysOf(fromUsage.references)).toEqual(keysOf(fromDeclaration.references));
    });

    verifies('AC-1.1.6', 'types the declaration as declaration and every plain use as usage', async () => {
      const ws = basic();
      for (const tag of ['parseConfig', 'Config']) {
        const markers = await ws.markers({ tag, kinds: REFERENCE_KINDS });
        const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', tag))));
        expectReferenceTypes(result.references, markers);
        expect(result.references.filter((r) => r.referenceType === 'declaration').map(locationKey)).toEqual(
          markers.filter((m) => m.kind === 'decl').map(markerKey),
        );
      }
    });

    verifies(['AC-1.1.4', 'BS-001.3'], 'lists the declaration first, then usages by path, line and column', async () => {
      const ws = basic();
      const declaration = await ws.marker('decl', 'parseConfig');

      const result = succeeded(await server().findReferences(argsAt(ws, first(await ws.markers({ tag: 'parseConfig', kinds: ['use'] })))));

      expect(locationKey(first(result.references))).toBe(markerKey(declaration));
      expectReferenceOrder(result.references);
      expect(new Set(result.references.map((r) => r.filePath)).size).toBeGreaterThan(2);
    });

    verifies('DR-001.2', 'gives each reference its whole line as snippet, indentation kept', async () => {
      const ws = basic();
      const markers = await ws.markers({ tag: 'parseConfig', kinds: REFERENCE_KINDS });

      const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'parseConfig'))));

      const snippets = new Map(result.references.map((r) => [locationKey(r), r.codeSnippet]));
      for (const marker of markers) expect(snippets.get(markerKey(marker)), markerKey(marker)).toBe(marker.lineText);
      const indented = markers.find((m) => m.file === 'src/cli.ts' && m.kind === 'use');
      expect(indented?.lineText).toMatch(/^ {4}\S/);
    });

    verifies('AC-1.1.2', 'leaves out references inside node_modules by default', async () => {
      const ws = basic();
      const expected = await ws.markers({ tag: 'fakeHelper', kinds: REFERENCE_KINDS });
      const usage = await ws.marker('use', 'fakeHelper', 'src/lib-use.ts');

      const result = succeeded(await server().findReferences(argsAt(ws, usage)));

      expect(keysOf(result.references)).toEqual(markerKeys(expected));
      expect(result.references.some((r) => r.filePath.includes('node_modules'))).toBe(false);
      expect(result.totalCount).toBe(expected.length);
    });

    verifies(['AC-1.1.3', 'BS-001.1'], 'includes node_modules references, by absolute path, when includeNodeModules is true', async () => {
      const ws = basic();
      const expected = await ws.markers({ tag: 'fakeHelper', kinds: REFERENCE_KINDS, includeNodeModules: true });
      const inDependency = expected.filter((m) => m.file.startsWith('node_modules/'));
      expect(inDependency.length).toBeGreaterThan(0);
      const usage = await ws.marker('use', 'fakeHelper', 'src/lib-use.ts');

      const result = succeeded(await server().findReferences({ ...argsAt(ws, usage), includeNodeModules: true }));

      expect(keysOf(result.references)).toEqual(markerKeys(expected));
      for (const marker of inDependency) expect(marker.displayPath).toBe(ws.path(marker.file));
      expectReferenceOrder(result.references);
    });

    verifies('AC-1.1.7', 'omits failures when every file could be processed', async () => {
      const ws = basic();
      const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'parseConfig'))));
      expect(result.failures).toBeUndefined();
    });

    verifies('R-POS-CODEPOINT', 'reports a usage after an emoji at its code-point column', async () => {
      const ws = basic();
      const text = await ws.read('src/unicode.ts');
      const afterEmoji = positionAfter(text, '"😀"; ');
      const afterCjk = positionAfter(text, '名前.length; ');

      const result = succeeded(await server().findReferences(argsAt(ws, await ws.marker('decl', 'foo'))));

      const keys = result.references.map(locationKey);
      expect(keys).toContain(locationKey({ filePath: 'src/unicode.ts', ...afterEmoji }));
      expect(keys).toContain(locationKey({ filePath: 'src/unicode.ts', ...afterCjk }));
    });
  });

  describe('in files with a byte-order mark and CRLF line breaks', () => {
    verifies(['BS-001.2', 'R-POS-CODEPOINT'], 'counts lines and columns without the BOM, across CRLF, after an emoji', async () => {
      await using ws = await copyFixture('basic');
      await addBomCrlfFiles(ws);
      const expected = await ws.markers({ tag: 'bomValue', kinds: REFERENCE_KINDS });

      const fromUsage = succeeded(await server().findReferences(argsAt(ws, await ws.marker('use', 'bomValue', 'src/bom-crlf.ts'))));

      expect(keysOf(fromUsage.references)).toEqual(markerKeys(expected));
      const snippets = new Map(fromUsage.references.map((r) => [locationKey(r), r.codeSnippet]));
      for (const marker of expected) expect(snippets.get(markerKey(marker))).toBe(marker.lineText);
    });
  });

  describe('when a project file cannot be processed', () => {
    verifies(
      ['AC-1.1.7', 'AC-1.8.1', 'AC-1.8.3', 'AC-1.8.4', 'R-TEXT-CONTENT'],
      'returns the other references and lists the binary file with a reason',
      async () => {
        await using ws = await copyFixture('basic');
        await addBinaryFile(ws, 'src/corrupt.ts');
        const expected = await ws.markers({ tag: 'parseConfig', kinds: REFERENCE_KINDS });

        const outcome = await server().findReferences(argsAt(ws, await ws.marker('decl', 'parseConfig')));

        const result = succeeded(outcome);
        expect(keysOf(result.references.filter((r) => !r.filePath.startsWith('scripts/')))).toEqual(markerKeys(expected));
        const failure = result.failures?.find((f) => f.filePath === 'src/corrupt.ts');
        expect(failure, JSON.stringify(result.failures)).toBeDefined();
        expect(failure?.reason.trim()).not.toBe('');
        expect(outcome.text).toContain('src/corrupt.ts');
      },
    );
  });

  describe('with 601 references to one symbol', () => {
    const many = useShared(async () => {
      const ws = await copyFixture('basic');
      await addManyReferences(ws, { files: 2, usagesPerFile: 299 });
      return ws;
    });

    verifies(['AC-1.1.5', 'BS-001.5', 'R-TEXT-CONTENT'], 'returns the first 500, truncated, with the total before truncation', async () => {
      const ws = many();
      const expected = await ws.markers({ tag: 'hot', kinds: REFERENCE_KINDS });
      expect(expected.length).toBeGreaterThan(500);

      const outcome = await server().findReferences(argsAt(ws, await ws.marker('decl', 'hot')));

      const result = succeeded(outcome);
      expect(result.references).toHaveLength(500);
      expect(result.truncated).toBe(true);
      expect(result.totalCount).toBe(expected.length);
      const allowed = new Set(markerKeys(expected));
      expect(result.references.every((r) => allowed.has(locationKey(r)))).toBe(true);
      expect(locationKey(first(result.references))).toBe(markerKey(await ws.marker('decl', 'hot')));
      expectReferenceOrder(result.references);
      expect(outcome.text).toMatch(/truncated/i);
      expect(outcome.text).toContain(String(expected.length));
    });

    verifies('BS-001.3', 'orders usages across files alphabetically by path, then line', async () => {
      const ws = many();
      const expected = await ws.markers({ tag: 'hot', kinds: REFERENCE_KINDS });

      const result = succeeded(await server().findReferences({ ...argsAt(ws, await ws.marker('decl', 'hot')), limit: 1000 }));

      expectReferenceOrder(result.references);
      const plainUsages = expected.filter((m) => m.kind === 'use');
      const expectedOrder = plainUsages.map((m) => ({ filePath: m.displayPath, line: m.line, column: m.column })).sort(compareLocations);
      const wanted = new Set(plainUsages.map(markerKey));
      const returned = result.references.filter((r) => r.referenceType === 'usage' && wanted.has(locationKey(r)));
      expect(returned.map(locationKey)).toEqual(expectedOrder.map(locationKey));
      expect(new Set(returned.map((r) => r.filePath)).size).toBe(2);
    });

    verifies('R-REFS-LIMIT', 'honours a smaller and a larger limit', async () => {
      const ws = many();
      const total = (await ws.markers({ tag: 'hot', kinds: REFERENCE_KINDS })).length;
      const at = argsAt(ws, await ws.marker('decl', 'hot'));

      const small = succeeded(await server().findReferences({ ...at, limit: 10 }));
      const large = succeeded(await server().findReferences({ ...at, limit: total + 100 }));

      expect(small.references).toHaveLength(10);
      expect(small).toMatchObject({ truncated: true, totalCount: total });
      expect(large.references).toHaveLength(total);
      expect(large).toMatchObject({ truncated: false, totalCount: total });
      expect(small.references.map(locationKey)).toEqual(large.references.slice(0, 10).map(locationKey));
    });
  });

  describe('in a project of a thousand files', () => {
    verifies('EC-001.4', 'returns limited, correct results and stays fresh between calls', async () => {
      await using ws = await copyFixture('basic');
      await addManyReferences(ws, { files: 1000, usagesPerFile: 1 });
      const at = argsAt(ws, await ws.marker('decl', 'hot'));
      const total = (await ws.markers({ tag: 'hot', kinds: REFERENCE_KINDS })).length;

      const first = succeeded(await server().findReferences(at));
      expect(first).toMatchObject({ truncated: true, totalCount: total });
      expect(first.references).toHaveLength(500);

      await ws.write('src/hot-users-0001.ts', `${await ws.read('src/hot-users-0001.ts')}export const again = /*@use:hot*/hot;\n`);
      const second = succeeded(await server().findReferences(at));
      expect(second.totalCount).toBe(total + 1);
    });
  });
});
