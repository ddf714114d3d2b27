import { isAbsolute } from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { first, keysOf, markerKeys, withoutNodeIds } from '../helpers/expectations.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { positionAfter, positionOf } from '../helpers/text.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture } from '../helpers/workspace.js';

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('in a single-tsconfig project', () => {
    const basic = useShared(() => copyFixture('basic'));

    verifies(['AC-1.2.1', 'DR-001.2'], 'goes from a usage in another file to the declaration', async () => {
      const ws = basic();
      const declaration = await ws.marker('decl', 'parseConfig');
      const usage = await ws.marker('use', 'parseConfig', 'src/cli.ts');

      const result = succeeded(await server().goToDefinition(argsAt(ws, usage)));

      expect(result.symbolName).toBe('parseConfig');
      expect(withoutNodeIds(result.definitions)).toEqual([
        {
          filePath: declaration.file,
          line: declaration.line,
          column: declaration.column,
          codeSnippet: declaration.lineText,
          isExternal: false,
        },
      ]);
    });

    verifies('AC-1.2.1', 'goes from an import specifier to the exported declaration', async () => {
      const ws = basic();
      const declaration = await ws.marker('decl', 'parseConfig');

      const result = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('ref', 'parseConfig', 'src/app.ts'))));

      expect(keysOf(result.definitions)).toEqual(markerKeys([declaration]));
    });

    verifies('AC-1.2.1', 'goes from a type reference to the interface', async () => {
      const ws = basic();
      const declaration = await ws.marker('decl', 'Config');
      const usage = await ws.marker('use', 'Config', 'src/config.ts');

      const result = succeeded(await server().goToDefinition(argsAt(ws, usage)));

      expect(keysOf(result.definitions)).toEqual(markerKeys([declaration]));
    });

    verifies('AC-1.2.2', 'returns every overload signature and the implementation', async () => {
      const ws = basic();
      const expected = await ws.markers({ tag: 'format', kinds: ['def'] });
      expect(expected.length).toBeGreaterThan(1);

      const result = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('at', 'format'))));

      expect(keysOf(result.definitions)).toEqual(markerKeys(expected));
      expect(result.definitions.every((d) => !d.isExternal)).toBe(true);
    });

    verifies('AC-1.2.2', 'returns both declarations of a merged interface', async () => {
      const ws = basic();
      const expected = await ws.markers({ tag: 'Box', kinds: ['def'] });

      const result = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('at', 'Box'))));

      expect(keysOf(result.definitions)).toEqual(markerKeys(expected));
    });

    verifies('AC-1.2.2', 'returns the function and the namespace merged with it', async () => {
      const ws = basic();
      const expected = await ws.markers({ tag: 'greet', kinds: ['def'] });

      const result = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('at', 'greet'))));

      expect(keysOf(result.definitions)).toEqual(markerKeys(expected));
    });

    verifies('AC-1.2.3', 'marks a definition in a project .d.ts file as external, with a relative path', async () => {
      const ws = basic();
      const declaration = await ws.marker('decl', 'AmbientSettings');

      const result = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('use', 'AmbientSettings'))));

      expect(withoutNodeIds(result.definitions)).toEqual([
        {
          filePath: declaration.file,
          line: declaration.line,
          column: declaration.column,
          codeSnippet: declaration.lineText,
          isExternal: true,
        },
      ]);
    });

    verifies('AC-1.2.4', 'returns no definitions, successfully, for a property of an any-typed value', async () => {
      const ws = basic();

      const result = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('at', 'nowhere'))));

      expect(result.definitions).toEqual([]);
    });

    verifies(['AC-1.2.5', 'AC-1.2.3', 'BS-001.1'], 'goes into node_modules by absolute path, marked external', async () => {
      const ws = basic();
      const declaration = first(await ws.markers({ tag: 'fakeHelper', kinds: ['decl'], includeNodeModules: true }));

      const result = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('use', 'fakeHelper', 'src/lib-use.ts'))));

      expect(withoutNodeIds(result.definitions)).toEqual([
        {
          filePath: ws.path('node_modules/fake-lib/index.d.ts'),
          line: declaration.line,
          column: declaration.column,
          codeSnippet: declaration.lineText,
          isExternal: true,
        },
      ]);
    });

    verifies(['BS-001.1', 'AC-1.6.2'], 'goes into the standard library by absolute path, marked external', async () => {
      const ws = basic();

      const result = succeeded(await server().goToDefinition(argsAt(ws, await ws.marker('at', 'max'))));

      expect(result.definitions.length).toBeGreaterThan(0);
      for (const definition of result.definitions) {
        expect(isAbsolute(definition.filePath), definition.filePath).toBe(true);
        expect(definition.filePath).toMatch(/lib\.[\w.]*\.d\.ts$/);
        expect(existsSync(definition.filePath)).toBe(true);
        expect(definition.isExternal).toBe(true);
        expect(definition.codeSnippet).toContain('max');
      }
    });

    verifies('BS-001.2', 'counts lines and columns from 1', async () => {
      const ws = basic();
      const first = await ws.marker('decl', 'firstThing');
      const second = await ws.marker('decl', 'secondThing');

      const atStart = succeeded(
        await server().goToDefinition({ workspaceRoot: ws.root, filePath: 'src/positions.ts', line: 1, column: 1 }),
      );
      const atThird = succeeded(
        await server().goToDefinition({ workspaceRoot: ws.root, filePath: 'src/positions.ts', line: 2, column: 3 }),
      );

      expect(atStart.symbolName).toBe('firstThing');
      expect(keysOf(atStart.definitions)).toEqual(markerKeys([first]));
      expect(atThird.symbolName).toBe('secondThing');
      expect(keysOf(atThird.definitions)).toEqual(markerKeys([second]));
    });

    verifies('R-POS-CODEPOINT', 'reads columns after an emoji as code points', async () => {
      const ws = basic();
      const text = await ws.read('src/unicode.ts');
      const declarationOf = async (tag: string) => markerKeys([await ws.marker('decl', tag)]);

      const afterOneEmoji = succeeded(
        await server().goToDefinition({ workspaceRoot: ws.root, filePath: 'src/unicode.ts', ...positionAfter(text, '"😀"; ') }),
      );
      // Two emoji: a UTF-16 column would land two characters left, on `a`, not on `b`.
      const afterTwoEmoji = succeeded(
        await server().goToDefinition({ workspaceRoot: ws.root, filePath: 'src/unicode.ts', ...positionOf(text, 'b);') }),
      );
      const cjk = succeeded(
        await server().goToDefinition({ workspaceRoot: ws.root, filePath: 'src/unicode.ts', ...positionOf(text, '名前.length') }),
      );

      expect(afterOneEmoji.symbolName).toBe('foo');
      expect(keysOf(afterOneEmoji.definitions)).toEqual(await declarationOf('foo'));
      expect(afterTwoEmoji.symbolName).toBe('b');
      expect(keysOf(afterTwoEmoji.definitions)).toEqual(await declarationOf('b'));
      expect(cjk.symbolName).toBe('名前');
      expect(keysOf(cjk.definitions)).toEqual(await declarationOf('名前'));
    });
  });
});
