import { chmodSync } from 'node:fs';
import { removeSocket } from './daemon-paths.js';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { createBridge, type Bridge } from '@mcp-lsp-bridge/bridge';
import { ErrorCode, operationNamed, toolError } from '@mcp-lsp-bridge/domain';
import { type CancellationToken, createMessageConnection, SocketMessageReader, SocketMessageWriter } from 'vscode-jsonrpc/node.js';
import { PROGRESS_NOTIFICATION, READY_LINE, RUN_REQUEST, type RunParams } from './daemon-protocol.js';

export interface DaemonOptions {
  readonly socket: string;
  /** Exit after this long without a call in flight. */
  readonly idleMs: number;
}

/**
 * Serves the CLI's calls on `socket` with one bridge (warm language services) until idle.
 * Answers 'another' when a live server already owns the socket (two CLIs raced to start one).
 */
export async function runDaemon(options: DaemonOptions): Promise<'served' | 'another'> {
  if (await isListening(options.socket)) return announce('another');
  // Nobody answers: a server that crashed left its socket file behind.
  removeSocket(options.socket);

  const bridge = createBridge();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serveConnection(socket, bridge, activity);
  });
  let active = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const armIdle = (): void => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stop('idle'), options.idleMs);
  };
  const activity = {
    begin: (): void => {
      active++;
      clearTimeout(idleTimer);
    },
    end: (): void => {
      active--;
      if (active === 0) armIdle();
    },
  };
  let stopping = false;
  const stop = async (reason: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`lsp-bridge daemon: stopping (${reason})\n`);
    server.close();
    removeSocket(options.socket);
    // The calls running are cancelled, except a write that has begun, which is finished;
    // then their answers reach the CLIs, which hang up once they have them.
    await bridge.dispose();
    await allClosed(sockets, ANSWER_GRACE_MS);
    finished();
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await listen(server, options.socket);
  } catch (error) {
    await bridge.dispose();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return announce('another');
    throw error;
  }
  chmodSync(options.socket, 0o600);
  armIdle();
  announce('served');
  await done;
  return 'served';
}

/** How long a stopping server waits for its CLIs to read their last answers and hang up. */
const ANSWER_GRACE_MS = 5_000;

/** Resolves once every socket has closed, or after `graceMs`. */
function allClosed(sockets: ReadonlySet<Socket>, graceMs: number): Promise<void> {
  const open = [...sockets].filter((socket) => !socket.closed);
  if (open.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, graceMs);
    let left = open.length;
    for (const socket of open) {
      socket.once('close', () => {
        if (--left === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  });
}

/** Tells the CLI that started this process that it may connect, and lets go of the pipe. */
function announce<T extends string>(outcome: T): T {
  process.stdout.write(`${outcome === 'another' ? 'another' : READY_LINE}\n`, () => process.stdout.destroy());
  return outcome;
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function isListening(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

function serveConnection(socket: Socket, bridge: Bridge, activity: { begin(): void; end(): void }): void {
  const connection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
  const inFlight = new Set<AbortController>();
  connection.onRequest(RUN_REQUEST, async ({ operation: name, input }: RunParams, token: CancellationToken) => {
    const operation = operationNamed(name);
    if (operation === undefined) return toolError(ErrorCode.INVALID_INPUT, `The background server has no operation named ${name}`);
    activity.begin();
    const controller = new AbortController();
    inFlight.add(controller);
    const cancel = token.onCancellationRequested(() => controller.abort(new Error('cancelled by the client')));
    try {
      return await bridge.run(operation.name as never, input as never, {
        signal: controller.signal,
        onProgress: (progress) => void connection.sendNotification(PROGRESS_NOTIFICATION, progress),
      });
    } finally {
      inFlight.delete(controller);
      cancel.dispose();
      activity.end();
    }
  });
  // A CLI that goes away (Ctrl-C, a closed pipe) cancels what it asked for.
  connection.onClose(() => {
    for (const controller of inFlight) controller.abort(new Error('the lsp-bridge command went away'));
    connection.dispose();
  });
  socket.on('error', () => undefined);
  connection.listen();
}
