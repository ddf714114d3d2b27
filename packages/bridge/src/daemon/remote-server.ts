import type { Socket } from 'node:net';
import type { OperationName, Progress } from '@mcp-lsp-bridge/domain/front';
import { CancellationTokenSource, createMessageConnection, SocketMessageReader, SocketMessageWriter } from 'vscode-jsonrpc/node';
import type { CallOptions } from '../operations/bridge-surface.js';
import { BackgroundServerLost } from './background-server-lost.js';
import {
  PROGRESS_NOTIFICATION,
  RUN_REQUEST,
  SHUTDOWN_REQUEST,
  STATUS_REQUEST,
  type DaemonStatus,
  type ProgressParams,
  type RunParams,
} from './daemon-protocol.js';

export { BackgroundServerLost };

/** A front's connection to one background server. */
export class RemoteServer implements Disposable {
  private readonly connection;
  private readonly progress = new Map<number, (progress: Progress) => void>();
  private nextToken = 1;
  private isClosed = false;
  /** Resolves once the connection has closed (the server stopped or died, or `dispose`). */
  readonly closed: Promise<void>;

  constructor(socket: Socket) {
    this.connection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
    this.connection.onNotification(PROGRESS_NOTIFICATION, ({ progressToken, progress }: ProgressParams) =>
      this.progress.get(progressToken)?.(progress),
    );
    this.closed = new Promise((resolve) => {
      const close = (): void => {
        this.isClosed = true;
        resolve();
      };
      this.connection.onClose(close);
      socket.once('close', close);
    });
    this.connection.listen();
  }

  /**
   * The server on `socket` once it has answered a status request; `undefined` when the
   * connection closes first. On Linux a killed server's listening socket still accepts
   * connections while its last threads exit, and closes them unanswered once they have: a
   * connection is trusted with a call only after an answer.
   */
  static async answering(socket: Socket): Promise<RemoteServer | undefined> {
    const server = new RemoteServer(socket);
    try {
      await server.status();
      return server;
    } catch (error) {
      server.dispose();
      if (error instanceof BackgroundServerLost) return undefined;
      throw error;
    }
  }

  get isOpen(): boolean {
    return !this.isClosed;
  }

  /** Runs an operation in the server; throws `BackgroundServerLost` when it went away first. */
  async run(operation: OperationName, input: unknown, options: CallOptions | undefined): Promise<unknown> {
    if (this.isClosed) throw new BackgroundServerLost('its connection was closed');
    const source = new CancellationTokenSource();
    const abort = (): void => source.cancel();
    options?.signal?.addEventListener('abort', abort, { once: true });
    const onProgress = options?.onProgress;
    const progressToken = onProgress === undefined ? undefined : this.nextToken++;
    if (progressToken !== undefined && onProgress !== undefined) this.progress.set(progressToken, onProgress);
    try {
      const params: RunParams = { operation, input, progressToken };
      return await this.request(RUN_REQUEST, params, source);
    } finally {
      options?.signal?.removeEventListener('abort', abort);
      if (progressToken !== undefined) this.progress.delete(progressToken);
      source.dispose();
    }
  }

  status(): Promise<DaemonStatus> {
    return this.request(STATUS_REQUEST, undefined) as Promise<DaemonStatus>;
  }

  /** Asks the server to stop; resolves once it has stopped serving (writes finished, language servers gone). */
  shutdown(): Promise<DaemonStatus> {
    return this.request(SHUTDOWN_REQUEST, undefined) as Promise<DaemonStatus>;
  }

  [Symbol.dispose](): void {
    this.dispose();
  }

  dispose(): void {
    this.isClosed = true;
    this.connection.dispose();
  }

  private async request(method: string, params: unknown, source?: CancellationTokenSource): Promise<unknown> {
    try {
      // A request must not wait for ever on a connection that closes without rejecting it.
      const lost = this.closed.then(() => {
        throw new BackgroundServerLost('its connection closed');
      });
      // Handled here when the answer comes first and the connection closes later.
      lost.catch(() => undefined);
      const answer =
        source === undefined ? this.connection.sendRequest(method, params) : this.connection.sendRequest(method, params, source.token);
      return await Promise.race([answer, lost]);
    } catch (error) {
      if (error instanceof BackgroundServerLost) throw error;
      throw new BackgroundServerLost(error instanceof Error ? error.message : String(error));
    }
  }
}
