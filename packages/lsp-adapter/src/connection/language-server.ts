import { spawn, type ChildProcess } from 'node:child_process';
import type { Signal } from '@mcp-lsp-bridge/domain';
import { URI } from 'vscode-uri';
import {
  CancellationTokenSource,
  DidChangeConfigurationNotification,
  ConfigurationRequest,
  createProtocolConnection,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ResponseError,
  ShowMessageRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  UnregistrationRequest,
  WorkDoneProgressCreateRequest,
  ApplyWorkspaceEditRequest,
  type ClientCapabilities,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type ServerCapabilities,
  type SymbolKind,
  type NotificationType,
  type ProtocolNotificationType,
  type ProtocolNotificationType0,
  type ProtocolRequestType,
  type ProtocolRequestType0,
  type RequestType,
} from 'vscode-languageserver-protocol/node.js';
import { onAbort, withTimeout } from './abort.js';
import { RETRY_RESOLUTION, ServerRequestError, serverError } from './errors.js';
import { conciseServerMessage } from './server-message.js';
import type { ServerSpec } from './server-spec.js';

export interface LanguageServerOptions {
  readonly spec: ServerSpec;
  /** Real path of the workspace root: `rootUri` and the only workspace folder. */
  readonly root: string;
  /** A request unanswered after this long fails (and is cancelled on the server). */
  readonly requestTimeoutMs: number;
  readonly log: (message: string) => void;
}

// Request types as the protocol package declares them; their params and results are inferred.
export type AnyRequestType<P, R> = ProtocolRequestType<P, R, unknown, unknown, unknown> | RequestType<P, R, unknown>;
type AnyNotificationType<P> = ProtocolNotificationType<P, unknown> | NotificationType<P> | ProtocolNotificationType0<unknown>;

/** LSP's SymbolKind 1..26: a client that does not list them gets only the LSP 3.0 kinds. */
const ALL_SYMBOL_KINDS = Array.from({ length: 26 }, (_, i) => (i + 1) as SymbolKind);

const CLIENT_CAPABILITIES: ClientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  workspace: {
    workspaceFolders: true,
    configuration: true,
    didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
    applyEdit: false,
    symbol: { dynamicRegistration: false, symbolKind: { valueSet: ALL_SYMBOL_KINDS } },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false, willSave: false, willSaveWaitUntil: false },
    definition: { linkSupport: true },
    references: {},
    rename: { prepareSupport: true },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true, symbolKind: { valueSet: ALL_SYMBOL_KINDS } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    implementation: { linkSupport: true },
    callHierarchy: { dynamicRegistration: false },
    publishDiagnostics: { relatedInformation: false, versionSupport: true, tagSupport: { valueSet: [1, 2] } },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
  },
  window: { workDoneProgress: false },
};

/**
 * One language server process and its JSON-RPC connection. It lives until it exits or is
 * disposed; a crash fails every request in flight with LANGUAGE_SERVER_ERROR, and the pool
 * decides about restarting. The process leads its own process group, so disposing it also
 * ends whatever it started (typescript-language-server starts tsserver).
 */
export class LanguageServer {
  capabilities: ServerCapabilities = {};
  private child: ChildProcess | undefined;
  private connection: ProtocolConnection | undefined;
  private readonly pending = new Set<(error: Error) => void>();
  private exitInfo: string | undefined;
  private readonly exited: Promise<void>;
  private resolveExited: () => void = () => undefined;
  private readonly diagnosticsListeners = new Set<(params: PublishDiagnosticsParams) => void>();
  private readonly exitListeners = new Set<(reason: string) => void>();
  private disposing = false;

  constructor(private readonly options: LanguageServerOptions) {
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get alive(): boolean {
    return this.exitInfo === undefined && this.connection !== undefined;
  }

  get name(): string {
    return this.options.spec.displayName;
  }

  /** Spawns the server and runs the `initialize` handshake. */
  async start(signal: Signal): Promise<void> {
    const { command, args } = this.options.spec.command();
    const child = spawn(command, [...args], {
      cwd: this.options.root,
      shell: false,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env },
    });
    this.child = child;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => this.options.log(`${this.name} stderr: ${chunk.trimEnd()}`));
    child.on('error', (error) => this.onExit(`could not be started (${error.message})`));
    child.on('exit', (code, sig) => this.onExit(sig !== null ? `exited on signal ${sig}` : `exited with code ${code ?? 'unknown'}`));
    child.stdin.on('error', () => undefined);

    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    this.connection = connection;
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map((item) => this.options.spec.configuration(item.section)));
    connection.onRequest(RegistrationRequest.type, () => undefined);
    connection.onRequest(UnregistrationRequest.type, () => undefined);
    connection.onRequest(WorkDoneProgressCreateRequest.type, () => undefined);
    connection.onRequest(ShowMessageRequest.type, () => null);
    connection.onRequest(ApplyWorkspaceEditRequest.type, () => ({ applied: false, failureReason: 'this client applies edits itself' }));
    connection.onNotification(LogMessageNotification.type, (params) => {
      this.options.log(`${this.name}: ${params.message}`);
      const fatal = this.options.spec.fatalLog?.(params.message);
      if (fatal !== undefined) this.onExit(fatal);
    });
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      for (const listener of this.diagnosticsListeners) listener(params);
    });
    connection.onClose(() => {
      // The process usually exits right after its output closes; its exit says more (code, signal).
      if (child.exitCode !== null || child.signalCode !== null) {
        this.onExit('closed its connection');
        return;
      }
      const timer = setTimeout(() => this.onExit('closed its connection'), 1000);
      timer.unref();
      child.once('exit', () => clearTimeout(timer));
    });
    connection.onError(([error]) => this.options.log(`${this.name} connection error: ${error.message}`));
    connection.listen();

    const rootUri = URI.file(this.options.root).toString();
    const result: InitializeResult = await this.request(
      InitializeRequest.type,
      {
        processId: process.pid,
        clientInfo: { name: 'mcp-lsp-bridge', version: '0.1.0' },
        // Deprecated in favour of workspaceFolders, but typescript-language-server takes its root from it.
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        rootUri,
        workspaceFolders: [{ uri: rootUri, name: this.options.root.split('/').pop() ?? 'workspace' }],
        capabilities: CLIENT_CAPABILITIES,
        initializationOptions: this.options.spec.initializationOptions(this.options.root),
      },
      signal,
    );
    this.capabilities = result.capabilities;
    await this.notify(InitializedNotification.type, {});
    const settings = this.options.spec.settings?.();
    if (settings !== undefined) await this.notify(DidChangeConfigurationNotification.type, { settings });
  }

  /** Sends a request; the signal and the request timeout cancel it on the server too. */
  request<P, R>(
    type: AnyRequestType<P, R> | ProtocolRequestType0<R, unknown, unknown, unknown>,
    params: P,
    signal: Signal,
    timeoutMs = this.options.requestTimeoutMs,
  ): Promise<R> {
    const connection = this.connection;
    if (connection === undefined || this.exitInfo !== undefined) return Promise.reject(this.deadError(type.method));
    signal.throwIfAborted();
    const source = new CancellationTokenSource();
    const timeoutError = (): Error =>
      serverError(
        `${this.name} did not answer ${type.method} within ${timeoutMs} ms (LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS)`,
        'Retry: the first request of a large project loads it and can be slow. If it keeps timing out, raise LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS or narrow the request.',
      );
    const bounded = withTimeout(signal, timeoutMs, timeoutError);
    return new Promise<R>((resolve, reject) => {
      let settled = false;
      const finish = (): void => {
        settled = true;
        stopWatch();
        bounded.dispose();
        this.pending.delete(fail);
        source.dispose();
      };
      const fail = (error: Error): void => {
        if (settled) return;
        finish();
        reject(error);
      };
      // The caller's deadline or this request's own timeout: either cancels it on the server too.
      const stopWatch = onAbort(bounded.signal, (reason) => {
        source.cancel();
        fail(reason instanceof Error ? reason : new Error(String(reason)));
      });
      this.pending.add(fail);
      const sent = (connection.sendRequest as (t: unknown, p: unknown, token: unknown) => Promise<R>)(type, params, source.token);
      sent.then(
        (value) => {
          if (settled) return;
          finish();
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          if (this.exitInfo !== undefined) {
            fail(this.deadError(type.method));
            return;
          }
          if (isConnectionLost(error)) {
            // The write failed because the process is dying; its exit names the cause.
            void this.exitOrTimeout().then(() => fail(this.deadError(type.method)));
            return;
          }
          const raw = error instanceof Error ? error.message : String(error);
          const message = conciseServerMessage(raw);
          const code = error instanceof ResponseError ? error.code : undefined;
          fail(
            new ServerRequestError(
              serverError(`${this.name} failed ${type.method}: ${message}`, RETRY_RESOLUTION).bridgeError,
              message,
              code,
              raw,
            ),
          );
        },
      );
    });
  }

  async notify<P>(type: AnyNotificationType<P>, params: P): Promise<void> {
    const connection = this.connection;
    if (connection === undefined || this.exitInfo !== undefined) throw this.deadError(type.method);
    try {
      await (connection.sendNotification as (t: unknown, p: unknown) => Promise<void>)(type, params);
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      await this.exitOrTimeout();
      throw this.deadError(type.method);
    }
  }

  /**
   * A write to a server that is going away fails (EPIPE) before its exit is reported; wait
   * for the exit event, at most a second, so the error can say why it went.
   */
  private exitOrTimeout(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 1000);
      timer.unref();
    });
    return Promise.race([this.exited, timeout]).finally(() => clearTimeout(timer));
  }

  onDiagnostics(listener: (params: PublishDiagnosticsParams) => void): () => void {
    this.diagnosticsListeners.add(listener);
    return () => this.diagnosticsListeners.delete(listener);
  }

  /** Called once when the process is gone, with why. */
  onExited(listener: (reason: string) => void): void {
    this.exitListeners.add(listener);
  }

  /** `shutdown` + `exit`, then the whole process group is killed if it lingers. Never throws. */
  async dispose(graceMs = 2000): Promise<void> {
    if (this.disposing) return this.exited;
    this.disposing = true;
    const child = this.child;
    if (child === undefined) return;
    if (this.alive) {
      try {
        const never = new AbortController().signal;
        await this.request(ShutdownRequest.type, undefined, never, graceMs);
        await this.notify(ExitNotification.type, undefined);
      } catch {
        // A server that cannot shut down politely is killed below.
      }
    }
    const timer = setTimeout(() => this.killGroup('SIGKILL'), graceMs);
    timer.unref();
    await this.exited;
    clearTimeout(timer);
    // Whatever the server started and left behind (tsserver, its type installer).
    this.killGroup('SIGKILL');
    this.connection?.dispose();
  }

  private killGroup(sig: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, sig);
    } catch {
      // Already gone.
    }
  }

  private onExit(reason: string): void {
    if (this.exitInfo !== undefined) return;
    this.exitInfo = reason;
    if (!this.disposing) this.options.log(`${this.name} for ${this.options.root} ${reason}`);
    for (const fail of [...this.pending]) fail(this.deadError());
    // A crashed server's children must not outlive it.
    this.killGroup('SIGKILL');
    this.resolveExited();
    for (const listener of this.exitListeners) listener(reason);
  }

  private deadError(method?: string): Error {
    const during = method === undefined ? '' : ` (during ${method})`;
    return serverError(`${this.name} ${this.exitInfo ?? 'is not running'}${during}`, RETRY_RESOLUTION);
  }
}

const LOST_CONNECTION_CODES = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/** An error of writing to a process whose pipe is gone. */
function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && LOST_CONNECTION_CODES.has(code)) ||
    /\b(EPIPE|ECONNRESET)\b|write after end|stream was destroyed/i.test(error.message)
  );
}
