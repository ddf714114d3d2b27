import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect } from 'vitest';
import { addConsumers } from '../fixtures/generators.js';
import { BackgroundServers, jsonOf, writeBegun, type StopJson } from '../helpers/background-servers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { descendantsOf, waitForExit } from '../helpers/processes.js';
import type { FindReferencesResult, RenameSymbolResult, ToolErrorResult } from '../helpers/results.js';
import { startServer, type BridgeServer } from '../helpers/server.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture, type Workspace } from '../helpers/workspace.js';

/*
 * The background server (issue 24): one per workspace root and settings, shared by every
 * lsp-bridge command and MCP server on that root. These scenarios run on one backend, `auto`
 * (the default), plus `lsp` where a server with language-server children is needed: what they
 * test is the server's life, not what a backend answers, which every other scenario file
 * checks in process on every backend. Each test has a runtime directory of its own.
 */
const BACKEND = 'auto';
const MODULE_TRACE = pathToFileURL(fileURLToPath(new URL('../helpers/module-trace.mjs', import.meta.url))).href;
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
/** Twenty processes at once, each loading Node, on a loaded two-core machine. */
const LONG = 300_000;

/** Where the markers say `parseConfig` is referenced (the file outside `include` too: it imports it): the oracle of every answer here. */
async function expectedReferences(ws: Workspace): Promise<string[]> {
  return (await ws.markers({ tag: 'parseConfig', kinds: ['decl', 'use', 'ref', 'out'] }))
    .map((m) => `${m.file}:${m.line}:${m.column}`)
    .sort();
}

function locations(result: FindReferencesResult): string[] {
  return result.references.map((r) => `${r.filePath}:${r.line}:${r.column}`).sort();
}

const refsArgs = (ws: Workspace) => ({ workspaceRoot: ws.root, filePath: 'src/config.ts', symbol: 'parseConfig' });
const refsCommand = ['refs', 'src/config.ts', '--symbol', 'parseConfig', '--json'];

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: Math.round(performance.now() - started) };
}

describe(`the background server (backend ${BACKEND})`, () => {
  verifies(
    'R-DAEMON-ONE',
    'twenty lsp-bridge commands started at once on one root: one background server answers every one, with every reference',
    async () => {
      await using servers = await BackgroundServers.create();
      await using ws = await copyFixture('basic');
      const expected = await expectedReferences(ws);
      const runs = await Promise.all(Array.from({ length: 20 }, () => servers.cli(refsCommand, ws.root)));
      for (const run of runs) {
        expect(run.code, run.stderr).toBe(0);
        expect(locations(jsonOf(run) as FindReferencesResult)).toEqual(expected);
      }
      const pids = await servers.processes();
      expect(pids).toHaveLength(1);
      expect(await servers.files('.sock')).toHaveLength(1);
      const status = await servers.status();
      expect(status.servers).toHaveLength(1);
      expect(status.servers[0]).toMatchObject({ root: ws.root, pid: pids[0], callsServed: 20, callsRunning: 0 });
    },
    LONG,
  );

  verifies(
    'R-DAEMON-SHARED',
    "two MCP servers and a command on one root share its server: the second MCP server's first call loads neither the project nor TypeScript again",
    async () => {
      await using servers = await BackgroundServers.create();
      await using ws = await copyFixture('basic');
      const expected = await expectedReferences(ws);
      // At debug level a server logs each project it loads.
      const settings = { LSP_BRIDGE_LOG_LEVEL: 'debug' };
      await using first = await servers.mcp(BACKEND, settings);
      expect(locations(succeeded(await first.findReferences(refsArgs(ws))))).toEqual(expected);
      const pids = await servers.processes();
      expect(pids).toHaveLength(1);
      const warm = await timed(() => first.findReferences(refsArgs(ws)));
      expect(locations(succeeded(warm.value))).toEqual(expected);

      const command = await servers.cli(refsCommand, ws.root, settings);
      expect(command.code, command.stderr).toBe(0);
      expect(locations(jsonOf(command) as FindReferencesResult)).toEqual(expected);
      expect(await servers.processes()).toEqual(pids);

      const trace = join(servers.runtime, 'modules-of-the-second-mcp-server.txt');
      await using second = await servers.mcp(BACKEND, { ...settings, NODE_OPTIONS: `--import=${MODULE_TRACE}`, MODULE_TRACE: trace });
      const firstOfSecond = await timed(() => second.findReferences(refsArgs(ws)));
      expect(locations(succeeded(firstOfSecond.value))).toEqual(expected);
      expect(await servers.processes()).toEqual(pids);

      const status = await servers.status();
      expect(status.servers).toHaveLength(1);
      expect(status.servers[0]).toMatchObject({ root: ws.root, pid: pids[0], callsServed: 4 });
      const log = await readFile(status.servers[0]?.log ?? '', 'utf8');
      expect(log.match(/created project/g)).toHaveLength(1);
      expect(second.stderr).not.toContain('created project');
      const modules = (await readFile(trace, 'utf8')).split('\n');
      expect(modules.some((url) => url.endsWith('/mcp-app/dist/main.js'))).toBe(true);
      expect(modules.filter((url) => /\/node_modules\/typescript\//.test(url))).toEqual([]);
      // The figure docs/cli.md quotes: no assertion on time.
      process.stdout.write(
        `[background server] first call of a second MCP server on a warm root: ${firstOfSecond.ms} ms; a warm call: ${warm.ms} ms\n`,
      );
    },
    LONG,
  );

  verifies(
    'R-DAEMON-STATUS',
    'daemon status lists each server of the user with its root, backend and settings, pid, memory with its language servers, age, last call and calls served',
    async () => {
      await using servers = await BackgroundServers.create();
      await using ws = await copyFixture('basic');
      for (const backend of ['auto', 'lsp']) {
        const run = await servers.cli([...refsCommand, '--backend', backend], ws.root);
        expect(run.code, run.stderr).toBe(0);
      }
      const pids = await servers.processes();
      expect(pids).toHaveLength(2);
      const status = await servers.status();
      expect(status.directory).toBe(servers.directory);
      expect(status.servers.map((server) => server.backend).sort()).toEqual(['auto', 'lsp']);
      for (const server of status.servers) {
        expect(server).toMatchObject({ root: ws.root, state: 'serving', callsServed: 1, callsRunning: 0 });
        expect(server.settings['LSP_BRIDGE_BACKEND']).toBe(server.backend);
        expect(pids).toContain(server.pid);
        // The server and every process it started, as /proc tells the test.
        const tree = [server.pid, ...descendantsOf(server.pid).map((child) => child.pid)].sort();
        expect(server.processes.map((p) => p.pid).sort()).toEqual(tree);
        expect(server.memoryBytes).toBe(server.processes.reduce((sum, p) => sum + p.rssBytes, 0));
        expect(server.memoryBytes).toBeGreaterThan(0);
        expect(Date.parse(server.startedAt)).toBeLessThanOrEqual(Date.now());
        expect(server.sinceLastCallMs).not.toBeNull();
        expect(server.ageMs).toBeGreaterThanOrEqual(server.sinceLastCallMs ?? Infinity);
      }
      // Over a language server: typescript-language-server (and its tsserver) are its children.
      expect(status.servers.find((server) => server.backend === 'lsp')?.processes.length).toBeGreaterThan(1);

      const text = await servers.cli(['daemon', 'status'], ws.root);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('2 background servers');
      for (const server of status.servers) {
        expect(text.stdout).toContain(`backend ${server.backend}, pid ${server.pid}`);
      }
      expect(text.stdout).toContain(ws.root);
      expect(text.stdout).toContain('1 call served');
      expect(text.stdout).toMatch(/\d language servers? /);
    },
    LONG,
  );

  verifies(
    'R-DAEMON-STOP',
    "daemon stop <root> stops the root's servers of every settings and their language servers; --all stops the rest; no socket or status file is left",
    async () => {
      await using servers = await BackgroundServers.create();
      await using a = await copyFixture('basic', { dirName: 'a' });
      await using b = await copyFixture('basic', { dirName: 'b' });
      for (const backend of ['auto', 'lsp']) expect((await servers.cli([...refsCommand, '--backend', backend], a.root)).code).toBe(0);
      expect((await servers.cli(refsCommand, b.root)).code).toBe(0);
      const before = await servers.status();
      expect(before.servers).toHaveLength(3);
      const ofA = before.servers.filter((server) => server.root === a.root);
      const treeOfA = ofA.flatMap((server) => [server.pid, ...descendantsOf(server.pid).map((child) => child.pid)]);
      expect(treeOfA.length).toBeGreaterThan(2);

      // Run from elsewhere: the root named is the one stopped.
      const stopA = await servers.cli(['daemon', 'stop', a.root, '--json'], b.root);
      expect(stopA.code, stopA.stderr).toBe(0);
      const stoppedA = jsonOf(stopA) as StopJson;
      expect(stoppedA.failed).toEqual([]);
      expect(stoppedA.stopped.map((server) => server.pid).sort()).toEqual(ofA.map((server) => server.pid).sort());
      expect(await waitForExit(treeOfA)).toEqual([]);
      const after = await servers.status();
      expect(after.servers.map((server) => server.root)).toEqual([b.root]);
      expect(await servers.files('.sock')).toHaveLength(1);
      expect(await servers.files('.json')).toHaveLength(1);

      const stopAll = await servers.cli(['daemon', 'stop', '--all', '--json'], a.root);
      expect(stopAll.code, stopAll.stderr).toBe(0);
      expect((jsonOf(stopAll) as StopJson).stopped.map((server) => server.root)).toEqual([b.root]);
      expect(await waitForExit(await servers.processes())).toEqual([]);
      expect(await servers.processes()).toEqual([]);
      for (const suffix of ['.sock', '.json', '.lock']) expect(await servers.files(suffix)).toEqual([]);
      expect((await servers.status()).servers).toEqual([]);
      const none = await servers.cli(['daemon', 'stop', '--all'], a.root);
      expect(none.stdout).toContain('No background server is running');
    },
    LONG,
  );

  for (const when of ['right after the call is sent', 'once the write has begun'] as const) {
    verifies(
      'R-DAEMON-STOP-WRITE',
      `daemon stop ${when}, during a rename of 61 files through an MCP server: every file renamed or none, as the answer says`,
      async () => {
        await using servers = await BackgroundServers.create();
        await using ws = await copyFixture('write-safety');
        const files = ['src/lib.ts', ...(await addConsumers(ws, 60))];
        const settings = { LSP_BRIDGE_STATE_DIR: join(ws.base, 'state') };
        await using mcp = await servers.mcp(BACKEND, settings);
        // The project loaded first, so that the stop meets the rename itself.
        succeeded(await mcp.call('find_references', { workspaceRoot: ws.root, filePath: 'src/lib.ts', symbol: 'target' }));
        const [pid] = await servers.processes();
        const watcher = writeBegun(ws.path('src'));
        try {
          const answer = mcp.renameSymbol({ workspaceRoot: ws.root, filePath: 'src/lib.ts', symbol: 'target', newName: 'renamedTarget' });
          if (when === 'once the write has begun') await Promise.race([watcher.begun, answer]);
          const stop = await servers.cli(['daemon', 'stop', '--all', '--json'], ws.root);
          expect(stop.code, stop.stderr).toBe(0);
          expect((jsonOf(stop) as StopJson).stopped.map((server) => server.pid)).toContain(pid);
          const outcome = (await answer).structured as RenameSymbolResult | ToolErrorResult;
          const renamed = await occurrences(ws, files, 'renamedTarget');
          const uses = 1 + 2 * (files.length - 1);
          expect([0, uses]).toContain(renamed);
          expect(await occurrences(ws, files, 'target')).toBe(uses - renamed);
          // A write that has begun is finished by the server being stopped.
          if (when === 'once the write has begun') expect(outcome.success, JSON.stringify(outcome)).toBe(true);
          if (outcome.success) expect(renamed).toBe(uses);
          else expect({ code: outcome.error.code, renamed }).toEqual({ code: 'CANCELLED', renamed: 0 });
          expect((await readdir(ws.base, { recursive: true })).filter((name) => name.endsWith('.lsp-bridge.tmp'))).toEqual([]);
          expect(typeErrors(ws)).toBe('');
          expect(await waitForExit([pid ?? 0])).toEqual([]);
        } finally {
          watcher.close();
        }
      },
      LONG,
    );
  }

  verifies(
    'R-DAEMON-OPT-OUT',
    'with --no-daemon, LSP_BRIDGE_DAEMON=off or CI=true, for a root that is no directory, or without a private directory, calls run in the MCP server and start no background server',
    async () => {
      await using servers = await BackgroundServers.create();
      await using ws = await copyFixture('basic');
      const expected = await expectedReferences(ws);
      const inProcess = async (server: BridgeServer): Promise<void> => {
        await using _server = server;
        expect(locations(succeeded(await server.findReferences(refsArgs(ws))))).toEqual(expected);
        expect(await servers.processes()).toEqual([]);
      };
      await inProcess(await startServer({ backend: BACKEND, env: servers.env(), args: ['--no-daemon'] }));
      await inProcess(await servers.mcp(BACKEND, { LSP_BRIDGE_DAEMON: 'off' }));
      await inProcess(
        await startServer({ backend: BACKEND, env: { XDG_RUNTIME_DIR: servers.runtime, LSP_BRIDGE_DAEMON: '', CI: 'true' } }),
      );

      {
        await using mcp = await servers.mcp(BACKEND);
        failedWith(await mcp.findReferences({ ...refsArgs(ws), workspaceRoot: join(ws.base, 'missing') }), 'WORKSPACE_NOT_FOUND');
        failedWith(await mcp.findReferences({ ...refsArgs(ws), workspaceRoot: ws.path('src/config.ts') }), 'WORKSPACE_NOT_FOUND');
        expect(await servers.processes()).toEqual([]);
      }

      // A directory others can enter could hold another user's socket: not used.
      await mkdir(servers.directory, { recursive: true });
      await chmod(servers.directory, 0o777);
      await inProcess(await servers.mcp(BACKEND));
      expect(await servers.files('.sock')).toEqual([]);
    },
    LONG,
  );

  verifies(
    'R-DAEMON-LOST',
    'a background server killed between two calls of an MCP server: the next call starts a new one, which answers',
    async () => {
      await using servers = await BackgroundServers.create();
      await using ws = await copyFixture('basic');
      const expected = await expectedReferences(ws);
      await using mcp = await servers.mcp(BACKEND);
      succeeded(await mcp.findReferences(refsArgs(ws)));
      const [victim] = await servers.processes();
      if (victim === undefined) throw new Error('no background server started');
      process.kill(victim, 'SIGKILL');
      expect(await waitForExit([victim])).toEqual([]);

      // Asked at once: the killed server's socket may still accept connections (its last threads
      // exiting), which the caller must not trust with the call.
      expect(locations(succeeded(await mcp.findReferences(refsArgs(ws))))).toEqual(expected);
      const now = await servers.processes();
      expect(now).toHaveLength(1);
      expect(now).not.toContain(victim);
      expect((await servers.status()).servers.map((server) => server.pid)).toEqual(now);
    },
    LONG,
  );
});

/** How often `name` occurs as a whole identifier in `files`. */
async function occurrences(ws: Workspace, files: readonly string[], name: string): Promise<number> {
  const word = new RegExp(`\\b${name}\\b`, 'g');
  let count = 0;
  for (const file of files) count += (await ws.read(file)).match(word)?.length ?? 0;
  return count;
}

/** `tsc --noEmit` over the workspace, the independent judge of a project left whole: its output, '' when clean. */
function typeErrors(ws: Workspace): string {
  const run = spawnSync(process.execPath, [TSC, '--noEmit', '-p', ws.root], { encoding: 'utf8' });
  return run.status === 0 ? '' : `${run.stdout}${run.stderr}`;
}
