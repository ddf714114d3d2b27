import { describe, expect } from 'vitest';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { cSyntaxCheck } from '../helpers/language-builds.js';
import { expectPasses, renameMarked } from '../helpers/language-renames.js';
import { lineMarkers } from '../helpers/line-markers.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Marker } from '../helpers/workspace.js';

/*
 * Issue 23, C: a rename never leaves the build broken; C answers whole without a compilation
 * database. The judge of every written rename is `cc -fsyntax-only`. Go: languages-safety-go,
 * Python: languages-safety-python.
 */

describe('C: renames that keep the build, answers without gaps', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));

  verifies('I23-C-NO-DATABASE', 'finds every reference from a header and renames in every file, writing nothing else', async () => {
    await using ws = await copyFixture('c-nodb');
    const marked = await lineMarkers(ws, { tag: 'manhattan' });
    const header = (await lineMarkers(ws, { kinds: ['decl'], tag: 'manhattan', file: 'include/geom.h' }))[0] as Marker;
    const references = succeeded(await server().findReferences(argsAt(ws, header)));
    expect(keysOf(references.references)).toEqual(markerKeys(marked));
    expect(references.fileCount).toBe(3);

    await renameMarked(server(), ws, {
      at: header,
      newName: 'taxicab',
      marked,
      totalChanges: marked.length,
      // Only the three files: no compilation database or index was written into the workspace.
      onDisk: ['include/geom.h', 'src/geom.c', 'src/main.c'],
      judge: () => expectPasses(cSyntaxCheck(ws, ['src/geom.c', 'src/main.c'], ['-Iinclude', '-Wall', '-Werror'])),
    });
  });

  verifies(
    'I23-C-EDITED-INCLUDES',
    'renames a function a test includes with its .c file, under -Wmissing-prototypes -Werror; cc passes after',
    async () => {
      await using ws = await copyFixture('c-included');
      await renameMarked(server(), ws, {
        at: (await lineMarkers(ws, { kinds: ['decl'], tag: 'bump', file: 'counter.c' }))[0] as Marker,
        newName: 'advance',
        marked: await lineMarkers(ws, { tag: 'bump' }),
        files: ['counter.c', 'counter.h', 'counter_test.c'],
        judge: () => expectPasses(cSyntaxCheck(ws, ['counter.c', 'counter_test.c'], ['-Wall', '-Wmissing-prototypes', '-Werror'])),
      });
    },
  );

  verifies(
    'I23-C-HEADER-TYPES',
    'renames a typedef declared in a header with its uses in the .c file (fields, returns, parameters, sizeof); cc passes after',
    async () => {
      await using ws = await copyFixture('c-typedef');
      const marked = await lineMarkers(ws, { tag: 'Shape' });
      await renameMarked(server(), ws, {
        at: (await lineMarkers(ws, { kinds: ['decl'], tag: 'Shape', file: 'shape.h' }))[0] as Marker,
        newName: 'Figure',
        marked,
        files: ['shape.c', 'shape.h'],
        totalChanges: marked.length,
        judge: () => expectPasses(cSyntaxCheck(ws, ['shape.c'], ['-Wall', '-Werror'])),
      });
    },
  );

  verifies(
    'I23-C-PREPROCESSOR-BRANCHES',
    "renames a use in an #ifdef branch clangd's flags leave out; the suite compiles with and without it after",
    async () => {
      await using ws = await copyFixture('c-branches');
      const marked = await lineMarkers(ws, { tag: 'reset' });
      await renameMarked(server(), ws, {
        at: (await lineMarkers(ws, { kinds: ['decl'], tag: 'reset', file: 'flags.c' }))[0] as Marker,
        newName: 'flags_clear',
        marked,
        totalChanges: marked.length,
        judge: () => {
          for (const flags of [[], ['-DSTRICT']])
            expectPasses(cSyntaxCheck(ws, ['flags.c', 'flags_test.c'], [...flags, '-Wall', '-Werror']));
        },
      });
    },
  );
});
