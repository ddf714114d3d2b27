import type { Socket } from 'node:net';
import { ErrorCode, operationNamed, toolError } from '@mcp-lsp-bridge/domain';
import {
  type CancellationToken,
  createMessageConnection,
  type Message,
  SocketMessageReader,
  SocketMessageWriter,
} from 'vscode-jsonrpc/node';
import type { Bridge } from '../operations/bridge-surface.js';
import {
  PROGRESS_NOTIFICATION,
  RUN_REQUEST,
  SHUTDOWN_REQUEST,
  STATUS_REQUEST,
  type DaemonStatus,
  type ProgressParams,
  type RunParams,
} from './daemon-protocol.js';

/** Counts the calls a server runs: its idle timer and its status follow them. */
export interface CallCounter {
  begin(): void;
  end(): void;
}

export interface ConnectionHandlers {
  readonly bridge: Bridge;
  readonly calls: CallCounter;
  readonly status: () => DaemonStatus;
  /** Resolves once the server has stopped serving (its writes finished, its language servers gone). */
  readonly shutdown: () => Promise<void>;
}

/** A front's connection, as its server sees it. */
export interface ServedConnection {
  /** Hangs up once every request has been answered and every answer written. */
  closeWhenIdle(): void;
}

/** Serves one front's connection: its calls, its status and shutdown requests. */
export function serveConnection(socket: Socket, handlers: ConnectionHandlers): ServedConnection {
  const writer = new TrackedWriter(socket);
  const connection = createMessageConnection(new SocketMessageReader(socket), writer);
  const inFlight = new Set<AbortController>();
  let closing = false;
  const idle = (): void => {
    if (closing && writer.idle) socket.end();
  };
  writer.onIdle = idle;
  connection.onRequest(RUN_REQUEST, ({ operation: name, input, progressToken }: RunParams, token: CancellationToken) =>
    writer.track(async () => {
      const operation = operationNamed(name);
      if (operation === undefined) return toolError(ErrorCode.INVALID_INPUT, `The background server has no operation named ${name}`);
      handlers.calls.begin();
      const controller = new AbortController();
      inFlight.add(controller);
      const cancel = token.onCancellationRequested(() => controller.abort(new Error('cancelled by the client')));
      const onProgress =
        progressToken === undefined
          ? undefined
          : (progress: ProgressParams['progress']): void =>
              void connection.sendNotification(PROGRESS_NOTIFICATION, { progressToken, progress } satisfies ProgressParams);
      try {
        return await handlers.bridge.run(operation.name as never, input as never, { signal: controller.signal, onProgress });
      } finally {
        inFlight.delete(controller);
        cancel.dispose();
        handlers.calls.end();
      }
    }),
  );
  connection.onRequest(STATUS_REQUEST, () => handlers.status());
  connection.onRequest(SHUTDOWN_REQUEST, () =>
    writer.track(async () => {
      await handlers.shutdown();
      return handlers.status();
    }),
  );
  // A front that goes away (Ctrl-C, a closed pipe, an MCP client that quit) cancels what it asked for.
  connection.onClose(() => {
    for (const controller of inFlight) controller.abort(new Error('the front that asked went away'));
    connection.dispose();
  });
  socket.on('error', () => undefined);
  connection.listen();
  return {
    closeWhenIdle: () => {
      closing = true;
      idle();
    },
  };
}

/**
 * The socket's message writer, knowing whether anything is still to be answered or written:
 * a stopping server hangs up on a front only after its last answer has left.
 */
class TrackedWriter extends SocketMessageWriter {
  private answering = 0;
  private writing = 0;
  onIdle: () => void = () => undefined;

  get idle(): boolean {
    return this.answering === 0 && this.writing === 0;
  }

  /** Runs a request's handler; its answer is being written as soon as it settles. */
  async track<T>(handler: () => Promise<T>): Promise<T> {
    this.answering++;
    try {
      return await handler();
    } finally {
      // The connection hands the answer to write() a few promise jobs after this settles: it
      // counts as being written until the next turn of the event loop, when write() has it.
      this.writing++;
      this.answering--;
      setImmediate(() => this.settle());
    }
  }

  override async write(message: Message): Promise<void> {
    this.writing++;
    try {
      await super.write(message);
    } finally {
      this.settle();
    }
  }

  private settle(): void {
    this.writing--;
    if (this.idle) this.onIdle();
  }
}
