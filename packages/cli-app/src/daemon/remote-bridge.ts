import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { bridgeOver, loadConfig, type Bridge, type BridgeConfig, type Progress, type RunOperation } from '@mcp-lsp-bridge/bridge';
import { ErrorCode, toolError } from '@mcp-lsp-bridge/domain';
import {
  CancellationTokenSource,
  createMessageConnection,
  SocketMessageReader,
  SocketMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node.js';
import { daemonFiles, type DaemonFiles } from './daemon-paths.js';
import { PROGRESS_NOTIFICATION, READY_LINE, RUN_REQUEST, type RunParams } from './daemon-protocol.js';

const DAEMON_MAIN = fileURLToPath(new URL('./daemon-main.js', import.meta.url));

/** How long a new background server may take to listen before the CLI answers without it. */
const START_TIMEOUT_MS = 15_000;

/**
 * A bridge whose calls run in the background server of `files`, started if none listens.
 * `undefined` when no server could be reached or started: the caller runs the call itself.
 */
export async function remoteBridge(
  dir: string,
  key: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Bridge | undefined> {
  const config = loadConfig(env);
  const files = daemonFiles(dir, key);
  const connected = (await connect(files.socket)) ?? ((await start(files, env)) ? await connect(files.socket) : undefined);
  return connected === undefined ? undefined : remoteOver(connected, config);
}

function connect(path: string): Promise<MessageConnection | undefined> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      socket.on('error', () => undefined);
      const connection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
      connection.listen();
      resolve(connection);
    });
    socket.once('error', () => resolve(undefined));
  });
}

/** Starts a background server and waits for it to say it listens (or that another one does). */
function start(files: DaemonFiles, env: Readonly<Record<string, string | undefined>>): Promise<boolean> {
  const log = openSync(files.log, 'w', 0o600);
  const child = spawn(process.execPath, [DAEMON_MAIN, '--socket', files.socket], {
    detached: true,
    stdio: ['ignore', 'pipe', log] as const,
    env: { ...env },
    // Not the workspace: the server must not keep it busy (or its directory from being removed).
    cwd: '/',
  });
  closeSync(log);
  const { stdout } = child;
  if (stdout === null) return Promise.resolve(false);
  return new Promise((resolve) => {
    let said = '';
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      stdout.destroy();
      child.unref();
      resolve(ok);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done(false);
    }, START_TIMEOUT_MS);
    stdout.setEncoding('utf8').on('data', (chunk: string) => {
      said += chunk;
      if (said.includes('\n')) done(said.startsWith(READY_LINE) || said.startsWith('another'));
    });
    child.once('exit', () => done(said.startsWith(READY_LINE) || said.startsWith('another')));
    child.once('error', () => done(false));
  });
}

/** A bridge whose every operation is a `run` request to the background server on `connection`. */
function remoteOver(connection: MessageConnection, config: BridgeConfig): Bridge {
  let progress: ((p: Progress) => void) | undefined;
  connection.onNotification(PROGRESS_NOTIFICATION, (p: Progress) => progress?.(p));
  const run: RunOperation = async (operation, input, options) => {
    const source = new CancellationTokenSource();
    const abort = (): void => source.cancel();
    options?.signal?.addEventListener('abort', abort, { once: true });
    progress = options?.onProgress;
    try {
      const params: RunParams = { operation, input };
      return await connection.sendRequest<never>(RUN_REQUEST, params, source.token);
    } catch (error) {
      if (options?.signal?.aborted === true) return cancelled() as never;
      return lost(error) as never;
    } finally {
      options?.signal?.removeEventListener('abort', abort);
      source.dispose();
      progress = undefined;
    }
  };
  return bridgeOver(config, run, () => {
    connection.dispose();
    return Promise.resolve();
  });
}

function cancelled(): unknown {
  return toolError(ErrorCode.CANCELLED, 'The call was cancelled', 'Run the command again.');
}

function lost(error: unknown): unknown {
  const why = error instanceof Error ? error.message : String(error);
  return toolError(
    ErrorCode.LANGUAGE_SERVER_ERROR,
    `The background server of lsp-bridge stopped answering during the call (${why})`,
    'Run the command again (a new background server starts), or pass --no-daemon to run without one.',
  );
}
