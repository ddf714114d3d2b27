import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { addManyReferences } from '../fixtures/generators.js';
import { backends } from '../helpers/backends.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { descendantsOf, isAlive, waitForExit, type ProcessInfo } from '../helpers/processes.js';
import { RawServer } from '../helpers/raw-process.js';
import { startServer, type BridgeServer } from '../helpers/server.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

const REFERENCE_KINDS = ['decl', 'use', 'ref'];
const SILENT_SERVER = fileURLToPath(new URL('../fixtures/servers/silent-server.mjs', import.meta.url));

/** The language servers an MCP server runs for the `lsp` backends (each under test here). */
const lspBackends = backends.filter((b) => b === 'lsp' || b === 'tsgo');

function languageServers(server: BridgeServer): ProcessInfo[] {
  const pid = server.pid;
  if (pid === null) throw new Error('the MCP server has no pid');
  return descendantsOf(pid).filter((p) => /typescript-language-server|tsserver|--lsp/.test(p.commandLine));
}

function topLanguageServer(server: BridgeServer): ProcessInfo {
  const pid = server.pid;
  const found = languageServers(server).find((p) => p.ppid === pid);
  if (found === undefined) throw new Error('no language server is running under the MCP server');
  return found;
}

// These faults exist only where a language server runs; without an lsp backend under test they are listed as skipped.
describe.skipIf(lspBackends.length === 0).each((lspBackends.length > 0 ? lspBackends : ['lsp']).map((backend) => [backend]))(
  'faults of the %s backend',
  (backend) => {
    const start = (env: Record<string, string> = {}): Promise<BridgeServer> => startServer({ backend, env });

    verifies('R-LSP-CRASH', 'fails the call in flight when the language server is killed, then serves again with a new one', async () => {
      await using ws = await copyFixture('basic');
      await addManyReferences(ws, { files: 300, usagesPerFile: 3 });
      await using server = await start();
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
      succeeded(await server.goToDefinition(usage));
      const victim = topLanguageServer(server);

      let killed = false;
      const outcome = await server.callRaw(
        'get_diagnostics',
        { workspaceRoot: ws.root },
        {
          onprogress: () => {
            if (killed) return;
            killed = true;
            process.kill(victim.pid, 'SIGKILL');
          },
        },
      );

      expect(killed).toBe(true);
      const error = failedWith(outcome, 'LANGUAGE_SERVER_ERROR');
      expect(error.message).toMatch(/SIGKILL|exited|closed/);
      expect(succeeded(await server.goToDefinition(usage)).symbolName).toBe('parseConfig');
      expect(topLanguageServer(server).pid).not.toBe(victim.pid);
    });

    verifies('R-LSP-CRASH', 'restarts a language server killed between calls on the next call', async () => {
      await using ws = await copyFixture('basic');
      await using server = await start();
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
      succeeded(await server.goToDefinition(usage));
      const victim = topLanguageServer(server);

      process.kill(victim.pid, 'SIGKILL');
      expect(await waitForExit([victim.pid])).toEqual([]);

      const after = await server.findReferences(usage);
      if (after.isError) failedWith(after, 'LANGUAGE_SERVER_ERROR');
      expect(succeeded(await server.findReferences(usage)).symbolName).toBe('parseConfig');
    });

    verifies('R-LSP-TIMEOUT', 'answers LANGUAGE_SERVER_ERROR, in time, when the language server never answers', async () => {
      await using ws = await copyFixture('basic');
      await using server = await start({
        LSP_BRIDGE_LSP_COMMAND: JSON.stringify([process.execPath, SILENT_SERVER]),
        LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS: '1500',
      });
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));

      const started = Date.now();
      const error = failedWith(await server.goToDefinition(usage), 'LANGUAGE_SERVER_ERROR');
      const again = failedWith(await server.findReferences(usage), 'LANGUAGE_SERVER_ERROR');

      expect(Date.now() - started).toBeLessThan(15_000);
      expect(error.message).toMatch(/did not answer/);
      expect(again.message).toMatch(/did not answer/);
      expect(server.pid !== null && isAlive(server.pid)).toBe(true);
    });

    /** The complete count, from a healthy server, checked against the fixture's markers. */
    const healthyCount = async (ws: Workspace, server: BridgeServer, address: Record<string, unknown>): Promise<number> => {
      const count = (succeeded(await server.callRaw('find_references', address)) as { totalCount: number }).totalCount;
      expect(count).toBeGreaterThanOrEqual((await ws.markers({ tag: 'parseConfig', kinds: REFERENCE_KINDS })).length);
      return count;
    };

    // typescript-language-server runs tsserver as a child: when that child dies, the server itself
    // lives on and answers every request empty. tsgo is one process; R-LSP-CRASH covers it.
    if (backend === 'lsp') {
      verifies(
        'R-LSP-NEVER-EMPTY',
        'never answers an empty success after the type checker under the language server was killed',
        async () => {
          await using ws = await copyFixture('basic');
          await using server = await start();
          const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
          const expected = await healthyCount(ws, server, usage);
          const tsservers = languageServers(server).filter((p) => /tsserver/.test(p.commandLine));
          expect(tsservers.length).toBeGreaterThan(0);
          for (const p of tsservers) process.kill(p.pid, 'SIGKILL');
          expect(await waitForExit(tsservers.map((p) => p.pid))).toEqual([]);

          for (let i = 0; i < 3; i++) {
            const after = await server.findReferences(usage);
            if (after.isError) failedWith(after, 'LANGUAGE_SERVER_ERROR');
            else expect(succeeded(after).totalCount, `call ${i + 1} after the kill`).toBe(expected);
          }
          expect(succeeded(await server.findReferences(usage)).totalCount).toBe(expected);
        },
      );
    }

    for (const form of ['position', 'symbol', 'nodeId'] as const) {
      verifies(
        'R-LSP-FROZEN',
        `answers LANGUAGE_SERVER_ERROR, not a user error, when the language server is frozen (addressed by ${form})`,
        async () => {
          await using ws = await copyFixture('basic');
          await using server = await start({ LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS: '3000' });
          const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
          // The first call loads the project, which can take longer than this short timeout on a
          // loaded machine; the server keeps loading, so a retry is answered once it has.
          let warm = await server.findReferences(usage);
          for (let tries = 1; warm.isError && tries < 10; tries++) warm = await server.findReferences(usage);
          succeeded(warm);
          const address =
            form === 'position'
              ? usage
              : form === 'symbol'
                ? { workspaceRoot: ws.root, filePath: 'src/config.ts', symbol: 'parseConfig' }
                : { workspaceRoot: ws.root, nodeId: 'function:src/config.ts:parseConfig' };
          const frozen = languageServers(server);
          for (const p of frozen) process.kill(p.pid, 'SIGSTOP');
          try {
            const started = Date.now();
            const error = failedWith(await server.findReferences(address), 'LANGUAGE_SERVER_ERROR');
            expect(error.message).toMatch(/did not answer|timed out/);
            expect(Date.now() - started).toBeLessThan(20_000);
          } finally {
            for (const p of frozen) process.kill(p.pid, 'SIGCONT');
          }
        },
      );
    }

    verifies(
      'R-LSP-NEVER-EMPTY',
      'answers LANGUAGE_SERVER_ERROR, not SYMBOL_NOT_FOUND, when the language server dies during a call addressed by name',
      async () => {
        await using ws = await copyFixture('basic');
        await using server = await start();
        const byName = { workspaceRoot: ws.root, filePath: 'src/config.ts', symbol: 'parseConfig' };
        const expected = await healthyCount(ws, server, byName);
        for (const p of languageServers(server)) process.kill(p.pid, 'SIGKILL');
        const after = await server.findReferences(byName);
        if (after.isError) failedWith(after, 'LANGUAGE_SERVER_ERROR');
        else expect(succeeded(after).totalCount).toBe(expected);
      },
    );

    verifies('R-LSP-CONCURRENT', 'answers a quick call while a slow one of the same workspace is still running', async () => {
      await using ws = await copyFixture('basic');
      await addManyReferences(ws, { files: 300, usagesPerFile: 3 });
      await using server = await start();
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
      succeeded(await server.goToDefinition(usage));

      let slowDone = false;
      let quick: Promise<number> | undefined;
      const slow = server
        .callRaw(
          'get_diagnostics',
          { workspaceRoot: ws.root },
          {
            onprogress: () => {
              quick ??= server.goToDefinition(usage).then((outcome) => {
                expect(succeeded(outcome).symbolName).toBe('parseConfig');
                return slowDone ? 1 : 0;
              });
            },
          },
        )
        .then((outcome) => {
          slowDone = true;
          return outcome;
        });
      succeeded(await slow);
      expect(quick, 'project diagnostics reported no progress').toBeDefined();
      expect(await quick, 'the quick call finished only after the slow one').toBe(0);
    });

    for (const how of ['stdin closes', 'SIGTERM', 'SIGINT'] as const) {
      verifies(
        'R-LSP-NO-ORPHANS',
        `leaves no language server process behind when the MCP server's ${how === 'stdin closes' ? 'stdin closes' : `process gets ${how}`}`,
        async () => {
          await using ws = await copyFixture('basic');
          await using raw = RawServer.spawn({ backend });
          await raw.initialize();
          const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
          const answer = await raw.request('tools/call', { name: 'find_references', arguments: usage });
          expect(answer.error, JSON.stringify(answer)).toBeUndefined();
          const pid = raw.child.pid;
          if (pid === undefined) throw new Error('no pid');
          const children = descendantsOf(pid);
          expect(children.length, 'the language server runs under the MCP server').toBeGreaterThan(0);

          if (how === 'stdin closes') raw.closeStdin();
          else raw.child.kill(how);
          const exit = await raw.exit();

          expect(exit.signal, raw.stderr).toBeNull();
          expect(await waitForExit(children.map((c) => c.pid)), JSON.stringify(children.filter((c) => isAlive(c.pid)))).toEqual([]);
        },
      );
    }
  },
);
