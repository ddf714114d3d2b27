import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { lineMarkers } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { descendantsOf, isAlive, waitForExit, type ProcessInfo } from '../helpers/processes.js';
import { RawServer } from '../helpers/raw-process.js';
import { startServer, type BridgeServer } from '../helpers/server.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 15: the servers of the languages other than TypeScript live as the TypeScript ones
 * do, each checked on its own process in the MCP server's process tree: started by the first
 * call about one of its files, restarted after a crash, bounded by the request timeout,
 * stopped when idle, never left behind.
 */

interface Language {
  readonly name: string;
  readonly fixture: 'python' | 'c-project' | 'go-project';
  /** A file of the fixture with marked errors. */
  readonly file: string;
  /** The server's process, by its command line. */
  readonly process: RegExp;
}

const LANGUAGES: readonly Language[] = [
  { name: 'pyright', fixture: 'python', file: 'app/main.py', process: /pyright|langserver\.index\.js/ },
  { name: 'clangd', fixture: 'c-project', file: 'main.c', process: /(^|\/)clangd\b/ },
  { name: 'gopls', fixture: 'go-project', file: 'main.go', process: /(^|\/)gopls\b/ },
];

const ANY_LANGUAGE_SERVER = /pyright|langserver\.index\.js|(^|\/)clangd\b|(^|\/)gopls\b/;

function serversUnder(pid: number | null | undefined, pattern: RegExp): ProcessInfo[] {
  if (pid === null || pid === undefined) throw new Error('the MCP server has no pid');
  return descendantsOf(pid).filter((p) => pattern.test(p.commandLine));
}

/** get_diagnostics of the language's marked file answers its marked errors (the server is up and right). */
async function expectAnswers(server: BridgeServer, ws: Workspace, language: Language): Promise<void> {
  const errors = await lineMarkers(ws, { kinds: ['err'], file: language.file });
  const result = succeeded(await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file }));
  expect(result.diagnostics.map((d) => `${d.line}:${d.column}:${d.code}`)).toEqual(errors.map((m) => `${m.line}:${m.column}:${m.tag}`));
}

/**
 * A call sent right after the kill may reach the MCP server before it has seen its server
 * die: that call fails (LANGUAGE_SERVER_ERROR saying how the server ended, never a hang nor
 * an empty answer) and the next one is served by a new server.
 */
const DEATH_NOTICED_LATE = /exited on signal SIGKILL|is not running/;

async function expectAnswersAfterKill(server: BridgeServer, ws: Workspace, language: Language): Promise<void> {
  const first = await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file });
  if (first.isError) {
    const error = failedWith(first, 'LANGUAGE_SERVER_ERROR');
    expect(error.message).toMatch(DEATH_NOTICED_LATE);
    expect(error.resolution).not.toContain('LSP_BRIDGE_BACKEND');
  }
  await expectAnswers(server, ws, language);
}

for (const language of LANGUAGES) {
  describe(`the lifecycle of ${language.name}`, () => {
    verifies('I15-LIFECYCLE-LAZY', 'is not started until a call touches a file of its language, and starts alone', async () => {
      await using ws = await copyFixture(language.fixture);
      await ws.write('notes.ts', 'export const note: string = "a file of another language";\n');
      await using server = await startServer({ backend: 'auto' });
      expect(serversUnder(server.pid, ANY_LANGUAGE_SERVER)).toEqual([]);
      succeeded(await server.call('document_symbols', { workspaceRoot: ws.root, filePath: 'notes.ts' }));
      expect(serversUnder(server.pid, ANY_LANGUAGE_SERVER), 'a TypeScript call started a language server').toEqual([]);

      await expectAnswers(server, ws, language);
      const running = serversUnder(server.pid, ANY_LANGUAGE_SERVER);
      expect(running.length, JSON.stringify(running)).toBeGreaterThan(0);
      for (const p of running) expect(p.commandLine, 'only its own language server started').toMatch(language.process);
    });

    verifies('I15-LIFECYCLE-RESTART', 'is restarted after it is killed, and the next call answers right', async () => {
      await using ws = await copyFixture(language.fixture);
      await using server = await startServer({ backend: 'auto' });
      await expectAnswers(server, ws, language);
      const victims = serversUnder(server.pid, language.process);
      expect(victims.length).toBeGreaterThan(0);
      for (const p of victims) process.kill(p.pid, 'SIGKILL');
      expect(await waitForExit(victims.map((p) => p.pid))).toEqual([]);

      await expectAnswersAfterKill(server, ws, language);
      const restarted = serversUnder(server.pid, language.process);
      expect(restarted.length).toBeGreaterThan(0);
      for (const p of restarted) expect(victims.map((v) => v.pid)).not.toContain(p.pid);
    });

    verifies(
      'I15-LIFECYCLE-RESTART',
      'is restarted three times, then refused naming it rather than restarted in a loop',
      async () => {
        await using ws = await copyFixture(language.fixture);
        await using server = await startServer({ backend: 'auto' });
        await expectAnswers(server, ws, language);
        for (let crash = 1; crash <= 4; crash++) {
          const victims = serversUnder(server.pid, language.process);
          for (const p of victims) process.kill(p.pid, 'SIGKILL');
          expect(await waitForExit(victims.map((p) => p.pid))).toEqual([]);
          if (crash <= 3) await expectAnswersAfterKill(server, ws, language);
        }
        let error = failedWith(await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file }), 'LANGUAGE_SERVER_ERROR');
        if (DEATH_NOTICED_LATE.test(error.message))
          error = failedWith(await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file }), 'LANGUAGE_SERVER_ERROR');
        expect(error.message).toMatch(/crashed 4 times within 5 minutes/);
        expect(error.resolution).toContain('restarting the MCP server resets the limit');
        // Another server for the language goes in the workspace's .lsp.json, named by its path.
        expect(error.resolution).toContain(` server in ${join(ws.root, '.lsp.json')};`);
        // Another TypeScript backend serves no file of this language.
        expect(error.resolution).not.toContain('LSP_BRIDGE_BACKEND');
        expect(serversUnder(server.pid, language.process)).toEqual([]);
      },
      // Four starts of the server.
      120_000,
    );

    verifies('I15-LIFECYCLE-TIMEOUT', 'fails a call with LANGUAGE_SERVER_ERROR when it stops answering, then serves again', async () => {
      await using ws = await copyFixture(language.fixture);
      await using server = await startServer({ backend: 'auto', env: { LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS: '3000' } });
      // The first call may take longer than this short timeout on a loaded machine: retried until it is answered.
      let warm = await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file });
      for (let tries = 1; warm.isError && tries < 10; tries++)
        warm = await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file });
      succeeded(warm);
      const frozen = serversUnder(server.pid, language.process);
      for (const p of frozen) process.kill(p.pid, 'SIGSTOP');
      try {
        const error = failedWith(await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file }), 'LANGUAGE_SERVER_ERROR');
        // The diagnostics a server publishes are awaited as long as a request is.
        expect(error.message).toMatch(
          new RegExp(`^${language.name} (published no diagnostics for .*main\\.\\w+ within 3000 ms|did not answer)`),
        );
        expect(error.resolution).not.toBe('');
      } finally {
        for (const p of frozen) if (isAlive(p.pid)) process.kill(p.pid, 'SIGCONT');
      }
      let after = await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file });
      for (let tries = 1; after.isError && tries < 10; tries++)
        after = await server.getDiagnostics({ workspaceRoot: ws.root, filePath: language.file });
      succeeded(after);
    });

    verifies(
      'I15-LIFECYCLE-IDLE',
      'is stopped when idle for LSP_BRIDGE_LSP_IDLE_TIMEOUT_MS, and started again by the next call',
      async () => {
        await using ws = await copyFixture(language.fixture);
        await using server = await startServer({ backend: 'auto', env: { LSP_BRIDGE_LSP_IDLE_TIMEOUT_MS: '1000' } });
        await expectAnswers(server, ws, language);
        const idle = serversUnder(server.pid, language.process);
        expect(idle.length).toBeGreaterThan(0);
        // Bounded wait for the idle check (every second here) to stop it.
        expect(
          await waitForExit(
            idle.map((p) => p.pid),
            20_000,
          ),
        ).toEqual([]);
        expect(serversUnder(server.pid, language.process)).toEqual([]);

        await expectAnswers(server, ws, language);
        expect(serversUnder(server.pid, language.process).length).toBeGreaterThan(0);
      },
    );

    for (const how of ['stdin closes', 'SIGTERM'] as const) {
      verifies(
        'I15-LIFECYCLE-ORPHANS',
        `leaves no process behind when the MCP server's ${how === 'SIGTERM' ? 'process gets SIGTERM' : how}`,
        async () => {
          await using ws = await copyFixture(language.fixture);
          await using raw = RawServer.spawn({ backend: 'auto' });
          await raw.initialize();
          const answer = await raw.request('tools/call', {
            name: 'get_diagnostics',
            arguments: { workspaceRoot: ws.root, filePath: language.file },
          });
          expect(answer.error, JSON.stringify(answer)).toBeUndefined();
          const children = descendantsOf(raw.child.pid ?? -1);
          expect(
            children.filter((p) => language.process.test(p.commandLine)).length,
            'its server runs under the MCP server',
          ).toBeGreaterThan(0);

          if (how === 'stdin closes') raw.closeStdin();
          else raw.child.kill(how);
          const exit = await raw.exit();
          expect(exit.signal, raw.stderr).toBeNull();
          expect(await waitForExit(children.map((c) => c.pid)), JSON.stringify(children.filter((c) => isAlive(c.pid)))).toEqual([]);
        },
      );
    }
  });
}
