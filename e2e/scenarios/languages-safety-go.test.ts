import { describe, expect } from 'vitest';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { emptyGoCache, goBuild, goIgnoredFiles } from '../helpers/language-builds.js';
import { expectPasses, refusedMarked, renameMarked } from '../helpers/language-renames.js';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 23, Go: a rename never leaves the build broken and is never refused without cause; paths
 * of any legal spelling. The judge of every written rename is `go build` + `go vet`, and of every
 * refusal the same tool run on the server's own edits applied by hand. C: languages-safety-c,
 * Python: languages-safety-python.
 */

describe('Go: renames that keep the build, answers without gaps', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));

  verifies(
    'I23-RENAME-METHOD-FAMILY',
    'renames an interface method with its implementations in another package; go build and go vet pass',
    async () => {
      await using ws = await copyFixture('go-safety');
      const files = ['impl/circle.go', 'impl/square.go', 'shapes/shapes.go'];
      await renameMarked(server(), ws, {
        at: await lineMarker(ws, 'decl', 'Area'),
        newName: 'Size',
        marked: await lineMarkers(ws, { tag: 'Area' }),
        files,
        onDisk: files,
        judge: () => expectPasses(goBuild(ws)),
      });
    },
  );

  verifies(
    'I23-RENAME-METHOD-FAMILY',
    'renamed from one implementation, renames the interface method and the other implementation too',
    async () => {
      await using ws = await copyFixture('go-safety');
      await renameMarked(server(), ws, {
        at: (await lineMarkers(ws, { kinds: ['impl'], tag: 'Area', file: 'impl/circle.go' }))[0] as Marker,
        newName: 'Size',
        marked: await lineMarkers(ws, { tag: 'Area' }),
        judge: () => expectPasses(goBuild(ws)),
      });
    },
  );

  verifies(
    'I23-RENAME-METHOD-FAMILY',
    'renames an interface method whose implementations gopls will not rename one by one (each alone would stop satisfying it); go build and go vet pass',
    async () => {
      await using ws = await copyFixture('go-safety');
      const family = await lineMarkers(ws, { tag: 'Kind' });
      await renameMarked(server(), ws, {
        at: await lineMarker(ws, 'decl', 'Kind'),
        newName: 'Name',
        marked: family,
        totalChanges: family.length,
        onDisk: ['steps/steps.go'],
        judge: () => expectPasses(goBuild(ws)),
      });
    },
  );

  verifies(
    'I23-RENAME-DEPENDENTS',
    'refuses a rename that breaks a package it does not edit, naming the file and the error; the edit alone breaks go build',
    async () => {
      await using ws = await copyFixture('go-safety');
      const declaration = await lineMarker(ws, 'decl', 'String');
      const breaks = await lineMarker(ws, 'breaks', 'String');
      const error = await refusedMarked(server(), ws, { at: declaration, newName: 'Name', names: [breaks] });
      expect(error.message).toContain('which it does not edit');
      // The judge: gopls's own edit (the declaration alone), applied by hand, breaks the build.
      await ws.write(declaration.file, (await ws.read(declaration.file)).replace('String() string', 'Name() string'));
      const built = goBuild(ws);
      expect(built.ok).toBe(false);
      expect(built.output).toContain('main.go');
    },
  );

  verifies(
    'R-RENAME-UNEDITED',
    'refuses a rename that breaks a package two imports away (its type flows through the package between), naming the file; the edit alone breaks go build',
    async () => {
      await using ws = await copyFixture('go-safety');
      const declaration = await lineMarker(ws, 'decl', 'Depth');
      const breaks = await lineMarker(ws, 'breaks', 'Depth');
      await refusedMarked(server(), ws, { at: declaration, newName: 'Level', names: [breaks] });
      // The judge: the declaration alone renamed by hand (all gopls edits) breaks the build there.
      await ws.write(declaration.file, (await ws.read(declaration.file)).replace('Depth int', 'Level int'));
      const built = goBuild(ws);
      expect(built.ok).toBe(false);
      expect(built.output).toContain('reader/reader.go');
    },
  );

  verifies(
    'I23-GO-EXAMPLES',
    "renames the examples named after a function, a type, a method or an interface's method; go build and go vet pass after",
    async () => {
      // The last number: the doc comments whose first word gopls renames too.
      for (const [tag, file, newName, docWords] of [
        ['Twice', 'scale/scale.go', 'Double', 1],
        ['Size', 'scale/scale.go', 'Dimensions', 1],
        ['Area', 'scale/scale.go', 'Measure', 1],
        // An interface's method, from the interface: its implementation's examples and the interface's own.
        ['Perimeter', 'scale/scale.go', 'Edge', 0],
      ] as const) {
        await using ws = await copyFixture('go-examples');
        const marked = await lineMarkers(ws, { tag, kinds: ['decl', 'use'] });
        const named = await lineMarkers(ws, { tag, kinds: ['named'] });
        await renameMarked(server(), ws, {
          at: (await lineMarkers(ws, { kinds: ['decl'], tag, file }))[0] as Marker,
          newName,
          marked,
          totalChanges: marked.length + named.length + docWords,
          judge: async () => {
            const tests = await ws.read('scale/scale_test.go');
            for (const example of named) expect(tests).toContain(`func ${example.identifier.replace(tag, newName)}(`);
            expectPasses(goBuild(ws));
          },
        });
      }
    },
  );

  /** Every build the go-constraints fixture has files for: this machine's, and two its constraints leave out. */
  const everyBuild = (ws: Workspace) => (): void => {
    for (const goos of [undefined, 'windows', 'darwin']) expectPasses(goBuild(ws, goos));
  };

  verifies(
    'I23-RENAME-BUILD-CONSTRAINTS',
    "refuses a rename that gopls's build would miss in files its build constraints leave out (another GOOS's declaration of the name, an importer's use), naming them, and find_references lists those files as not searched (a definition asked there says why it has none); gopls's own edits applied by hand break the Windows build",
    async () => {
      await using ws = await copyFixture('go-constraints');
      const others = await lineMarkers(ws, { kinds: ['other'], tag: 'label' });
      const declaration = await lineMarker(ws, 'decl', 'label');
      const error = await refusedMarked(server(), ws, { at: declaration, newName: 'name', names: others });
      expect(error.message).toContain('build constraint');
      // find_references names those files as not searched, with the lines that spell the name.
      const references = succeeded(await server().findReferences(argsAt(ws, declaration)));
      expect(references.references.map((r) => r.filePath).sort()).toEqual(['platform/label_linux.go', 'platform/platform.go']);
      expect((references.failures ?? []).map((f) => f.filePath)).toEqual(others.map((m) => m.file).sort());
      for (const other of others)
        expect(references.failures?.find((f) => f.filePath === other.file)?.reason).toContain(`"label" on line ${other.line})`);
      // Asked about a name in such a file: why there is no answer, and how to get one (not "retry").
      const there = failedWith(await server().goToDefinition(argsAt(ws, others[0] as Marker)), 'LANGUAGE_SERVER_ERROR');
      expect(there.message).toContain('outside the build it loads');
      expect(there.resolution).toContain('GOOS=windows');
      await refusedMarked(server(), ws, {
        at: await lineMarker(ws, 'decl', 'Label'),
        newName: 'Name',
        names: await lineMarkers(ws, { kinds: ['other'], tag: 'Label' }),
      });
      // The judge: the files of this build renamed alone keep it green and break the Windows build.
      for (const file of ['platform/label_linux.go', 'platform/platform.go'])
        await ws.write(file, (await ws.read(file)).replace('label()', 'name()'));
      expectPasses(goBuild(ws));
      const windows = goBuild(ws, 'windows');
      expect(windows.ok).toBe(false);
      expect(windows.output).toContain('platform/platform.go');
    },
  );

  verifies(
    'I23-RENAME-BUILD-CONSTRAINTS',
    'renames once the places it named spell the new name (renamed by hand), and a local variable whose name the left-out files spell too; the builds for Linux, Windows and macOS pass after',
    async () => {
      await using ws = await copyFixture('go-constraints');
      const marked = await lineMarkers(ws, { tag: 'label' });
      for (const marker of marked.filter((m) => m.kind === 'other'))
        await ws.write(marker.file, (await ws.read(marker.file)).replace('func label()', 'func name()'));
      await renameMarked(server(), ws, {
        at: await lineMarker(ws, 'decl', 'label'),
        newName: 'name',
        marked,
        files: ['platform/label_linux.go', 'platform/platform.go'],
        judge: everyBuild(ws),
      });
      const locals = await lineMarkers(ws, { kinds: ['local'], tag: 's' });
      await renameMarked(server(), ws, {
        at: locals[0] as Marker,
        newName: 'shown',
        marked: locals,
        totalChanges: locals.length,
        judge: everyBuild(ws),
      });
    },
  );

  verifies(
    'I26-CHECK-EDITS-OUTSIDE-BUILD',
    "check_edits lists the files gopls's build leaves out (go list's IgnoredGoFiles) as not checked, and counts only the others; the error it adds in this build is answered",
    async () => {
      await using ws = await copyFixture('go-constraints');
      const ignored = goIgnoredFiles(ws);
      expect(ignored.length).toBeGreaterThan(0);
      const result = succeeded(
        await server().call('check_edits', {
          workspaceRoot: ws.root,
          edits: [{ filePath: 'platform/platform.go', oldText: 'func Label() string {', newText: 'func Label(short bool) string {' }],
        }),
      );
      const use = await lineMarker(ws, 'use', 'Label');
      expect(result.errorsAdded.map((e) => `${e.filePath}:${e.line}`)).toEqual([`${use.file}:${use.line}`]);
      expect((result.notChecked ?? []).map((f) => f.filePath)).toEqual(ignored);
      const goFiles = [...(await ws.snapshot()).keys()].filter((file) => file.endsWith('.go'));
      expect(result.filesChecked).toBe(goFiles.length - ignored.length);
    },
  );

  verifies('I23-PATH-CHARACTERS', 'serves a Go module under "a+b c é": diagnostics of every file, and a rename', async () => {
    await using ws = await copyFixture('go-project', { dirName: 'a+b c é' });
    const errors = await lineMarkers(ws, { kinds: ['err'] });
    const workspace = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expectMarkedDiagnostics(workspace.diagnostics, errors);
    expect(workspace.failures ?? []).toEqual([]);
    const scale = await lineMarkers(ws, { tag: 'Scale', kinds: ['decl', 'use'] });
    await renameMarked(server(), ws, {
      at: await lineMarker(ws, 'decl', 'Scale'),
      newName: 'Resize',
      marked: scale,
      // gopls renames the doc comment's first word too.
      totalChanges: scale.length + 1,
    });
  });
});

describe('Go: a first-time user', () => {
  const server = useShared(() => startServer({ backend: 'auto', env: { GOCACHE: emptyGoCache() } }));

  verifies('I23-GO-FIRST-LOAD', "checks every file of a module with an empty build cache, waiting for gopls's load", async () => {
    // Packages without a diagnostic: gopls publishes nothing new for them once it has, which a check must not wait for.
    await using ws = await copyFixture('go-safety');
    const workspace = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
    expect(workspace.failures ?? []).toEqual([]);
    expect(workspace.diagnostics).toEqual([]);
    expectPasses(goBuild(ws));
  });
});
