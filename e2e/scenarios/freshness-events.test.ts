import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { inotifyWatches, openDescriptors } from '../helpers/descriptors.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { succeeded } from '../helpers/outcomes.js';
import { isAlive } from '../helpers/processes.js';
import { RawServer } from '../helpers/raw-process.js';
import { startServer, type BridgeServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

const REFERENCE_KINDS = ['decl', 'use', 'ref'];

/**
 * A file of the `basic` fixture's project, `depth` directories below `src/`, that uses
 * parseConfig `uses` times (none: no import either).
 */
function usingParseConfig(name: string, uses: number, depth = 1): string {
  if (uses === 0) return `export const ${name} = 0;\n`;
  const calls = Array.from({ length: uses }, (_, i) => `  /*@use:parseConfig*/parseConfig('${name}:${i}'),`);
  return [
    `import { /*@ref:parseConfig*/parseConfig } from '${'../'.repeat(depth)}config';`,
    '',
    `export const ${name} = [`,
    ...calls,
    '];',
    '',
  ].join('\n');
}

/** parseConfig's references as the server finds them (the file outside `include` aside). */
async function parseConfigKeys(server: BridgeServer, ws: Workspace): Promise<string[]> {
  const result = succeeded(await server.findReferences({ ...argsAt(ws, await ws.marker('decl', 'parseConfig')), limit: 10_000 }));
  return keysOf(result.references.filter((r) => !r.filePath.startsWith('scripts/')));
}

/** parseConfig's references by the markers on disk now: the independent expectation. */
async function expectedKeys(ws: Workspace): Promise<string[]> {
  return markerKeys(await ws.markers({ tag: 'parseConfig', kinds: REFERENCE_KINDS }));
}

function git(ws: Workspace, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd: ws.root,
    stdio: 'ignore',
  });
}

/** Edits, creations, deletions and directory replacements, each checked by the very next call. */
async function changeEverything(server: BridgeServer, ws: Workspace): Promise<void> {
  expect(await parseConfigKeys(server, ws)).toEqual(await expectedKeys(ws));
  for (let round = 1; round <= 10; round++) {
    writeFileSync(ws.path('src/gen/edited.ts'), usingParseConfig('edited', round % 3));
    writeFileSync(ws.path(`src/gen/created-${round}.ts`), usingParseConfig(`created${round}`, 1));
    rmSync(ws.path(`src/gen/created-${round - 1}.ts`), { force: true });
    if (round % 2 === 0) {
      rmSync(ws.path('src/dir'), { recursive: true, force: true });
      mkdirSync(ws.path('src/dir'));
      writeFileSync(ws.path('src/dir/inner.ts'), usingParseConfig('inner', round % 4));
    } else {
      renameSync(ws.path('src/dir'), ws.path('src/dir-moved'));
      rmSync(ws.path('src/dir-moved'), { recursive: true });
      mkdirSync(ws.path('src/dir'));
    }
    expect(await parseConfigKeys(server, ws), `round ${round}`).toEqual(await expectedKeys(ws));
  }
}

forEachBackend((backend) => {
  describe('freshness from file-system events', () => {
    const server = useShared(() => startServer({ backend }));

    verifies(
      'R-FRESH-AT-ONCE',
      'sees every one of 500 plain-fs writes made right before the call',
      async () => {
        await using ws = await copyFixture('basic');
        const base = (await expectedKeys(ws)).filter((key) => !key.startsWith('src/gen/'));
        mkdirSync(ws.path('src/gen'));
        for (let round = 0; round < 500; round++) {
          writeFileSync(ws.path('src/gen/round.ts'), usingParseConfig('round', round % 3));
          const got = await parseConfigKeys(server(), ws);
          const expected = [
            ...base,
            ...markerKeys(await ws.markers({ tag: 'parseConfig', kinds: REFERENCE_KINDS, file: 'src/gen/round.ts' })),
          ];
          expect(got, `round ${round}`).toEqual(expected.sort());
        }
        // 500 round trips: minutes on a loaded 2-core machine (the limit guards a hang, it times nothing).
      },
      300_000,
    );

    verifies('R-FRESH-CHECKOUT', 'sees a git checkout of another branch that changes 200 files, and the checkout back', async () => {
      await using ws = await copyFixture('basic');
      mkdirSync(ws.path('src/gen'));
      for (let i = 0; i < 200; i++) writeFileSync(ws.path(`src/gen/g${i}.ts`), usingParseConfig(`g${i}`, 0));
      git(ws, 'init', '-q', '-b', 'main');
      git(ws, 'add', '-A');
      git(ws, 'commit', '-q', '-m', 'main');
      git(ws, 'checkout', '-q', '-b', 'other');
      for (let i = 0; i < 200; i++) writeFileSync(ws.path(`src/gen/g${i}.ts`), usingParseConfig(`g${i}`, 1 + (i % 2)));
      git(ws, 'commit', '-q', '-a', '-m', 'other');
      git(ws, 'checkout', '-q', 'main');
      const onMain = await expectedKeys(ws);
      expect(await parseConfigKeys(server(), ws)).toEqual(onMain);

      git(ws, 'checkout', '-q', 'other');
      const onOther = await expectedKeys(ws);
      expect(onOther.length).toBe(onMain.length + 500);
      expect(await parseConfigKeys(server(), ws)).toEqual(onOther);

      git(ws, 'checkout', '-q', 'main');
      expect(await parseConfigKeys(server(), ws)).toEqual(onMain);
    });

    verifies('R-FRESH-DIRECTORIES', 'sees a directory deleted and made again with other files', async () => {
      await using ws = await copyFixture('basic');
      mkdirSync(ws.path('src/dir/deeper'), { recursive: true });
      writeFileSync(ws.path('src/dir/one.ts'), usingParseConfig('one', 1));
      writeFileSync(ws.path('src/dir/deeper/two.ts'), usingParseConfig('two', 2, 2));
      expect(await parseConfigKeys(server(), ws)).toEqual(await expectedKeys(ws));

      rmSync(ws.path('src/dir'), { recursive: true });
      mkdirSync(ws.path('src/dir/other'), { recursive: true });
      writeFileSync(ws.path('src/dir/other/three.ts'), usingParseConfig('three', 3, 2));
      expect(await parseConfigKeys(server(), ws)).toEqual(await expectedKeys(ws));

      // The new directory is seen in turn.
      writeFileSync(ws.path('src/dir/other/three.ts'), usingParseConfig('three', 1, 2));
      expect(await parseConfigKeys(server(), ws)).toEqual(await expectedKeys(ws));
    });

    verifies('R-FRESH-DIRECTORIES', 'sees a directory renamed: its references move with it, and edits there are seen', async () => {
      await using ws = await copyFixture('basic');
      mkdirSync(ws.path('src/dir/deeper'), { recursive: true });
      writeFileSync(ws.path('src/dir/deeper/two.ts'), usingParseConfig('two', 2, 2));
      const before = await expectedKeys(ws);
      expect(await parseConfigKeys(server(), ws)).toEqual(before);

      renameSync(ws.path('src/dir'), ws.path('src/renamed'));
      const after = await expectedKeys(ws);
      expect(after.some((key) => key.startsWith('src/renamed/deeper/two.ts:'))).toBe(true);
      expect(await parseConfigKeys(server(), ws)).toEqual(after);

      writeFileSync(ws.path('src/renamed/deeper/two.ts'), usingParseConfig('two', 1, 2));
      expect(await parseConfigKeys(server(), ws)).toEqual(await expectedKeys(ws));
    });

    verifies('R-FRESH-SAME-STAT', 'sees a file edited twice within the same mtime, keeping its size', async () => {
      await using ws = await copyFixture('basic');
      const file = ws.path('src/same.ts');
      // Same length; one has an error (a string is no number), the other not.
      const clean = 'export const same: number = 111;\n';
      const broken = "export const same: number = '1';\n";
      expect(clean.length).toBe(broken.length);
      const errorCount = async (): Promise<number> =>
        succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'src/same.ts' })).errorCount;
      writeFileSync(file, clean);
      expect(await errorCount()).toBe(0);
      const { atime, mtime } = statSync(file);
      for (const [text, errors] of [
        [broken, 1],
        [clean, 0],
        [broken, 1],
      ] as const) {
        writeFileSync(file, text);
        utimesSync(file, atime, mtime);
        expect(statSync(file).size).toBe(clean.length);
        expect(await errorCount()).toBe(errors);
      }
    });

    verifies('R-FRESH-RESOURCES', 'keeps descriptors and watches flat across 1,000 calls, directories coming and going', async () => {
      await using ws = await copyFixture('basic');
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
      // A server of its own: the shared one still runs language servers for the earlier tests'
      // workspaces, deleted since, and stops them (closing their pipes) whenever its idle check runs.
      await using own = await startServer({ backend });
      const pid = own.pid;
      if (pid === null) throw new Error('no pid');
      const churn = (i: number): void => {
        mkdirSync(ws.path(`src/churn/d${i % 5}`), { recursive: true });
        writeFileSync(ws.path(`src/churn/d${i % 5}/f.ts`), usingParseConfig('churn', i % 2, 2));
        rmSync(ws.path(`src/churn/d${(i + 2) % 5}`), { recursive: true, force: true });
      };
      for (let i = 0; i < 50; i++) {
        churn(i);
        succeeded(await own.goToDefinition(usage));
      }
      rmSync(ws.path('src/churn'), { recursive: true });
      succeeded(await own.goToDefinition(usage));
      const descriptors = openDescriptors(pid).length;
      const watches = inotifyWatches(pid);
      expect(watches, 'the server watches the workspace').toBeGreaterThan(0);
      for (let i = 0; i < 1000; i++) {
        if (i % 10 === 0) churn(i);
        succeeded(await own.goToDefinition(usage));
      }
      rmSync(ws.path('src/churn'), { recursive: true });
      succeeded(await own.goToDefinition(usage));
      expect(openDescriptors(pid).length).toBe(descriptors);
      expect(inotifyWatches(pid)).toBe(watches);
    });

    verifies('R-FRESH-RESOURCES', 'leaves no watcher behind: the server exits on end of input with its workspace watched', async () => {
      await using ws = await copyFixture('basic');
      await using raw = RawServer.spawn({ backend });
      await raw.initialize();
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
      const answer = await raw.request('tools/call', { name: 'find_references', arguments: usage });
      expect(answer.error, JSON.stringify(answer)).toBeUndefined();
      const pid = raw.child.pid;
      if (pid === undefined) throw new Error('no pid');
      expect(inotifyWatches(pid)).toBeGreaterThan(0);

      raw.closeStdin();
      const exit = await raw.exit();

      // Ended by itself: the watches hold nothing open, and the kernel has released them with the process.
      expect(exit, raw.stderr).toEqual({ code: 0, signal: null });
      expect(isAlive(pid)).toBe(false);
    });
  });

  for (const fallback of [
    { name: 'every burst of events taken for lost events', env: { LSP_BRIDGE_WATCH_BURST_LIMIT: '1' } },
    { name: 'watching turned off', env: { LSP_BRIDGE_WATCH: 'off' } },
  ]) {
    describe(`freshness with ${fallback.name}`, () => {
      const server = useShared(() => startServer({ backend, env: fallback.env }));

      verifies('R-FRESH-FALLBACK', 'sees edits, creations, deletions and replaced directories at once', async () => {
        await using ws = await copyFixture('basic');
        mkdirSync(ws.path('src/gen'));
        mkdirSync(ws.path('src/dir'));
        await changeEverything(server(), ws);
      });
    });
  }
});
