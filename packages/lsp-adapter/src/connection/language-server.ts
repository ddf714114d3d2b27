import type { Signal } from '@mcp-lsp-bridge/domain';
import { URI } from 'vscode-uri';
import {
  ApplyWorkspaceEditRequest,
  CancellationTokenSource,
  ConfigurationRequest,
  DiagnosticRefreshRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
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
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
  type InitializeResult,
  type NotificationType,
  type ProtocolConnection,
  type ProtocolNotificationType,
  type ProtocolNotificationType0,
  type ProtocolRequestType,
  type ProtocolRequestType0,
  type PublishDiagnosticsParams,
  type RequestType,
  type ServerCapabilities,
} from 'vscode-languageserver-protocol/node';
import type { FileChangeKind } from '@mcp-lsp-bridge/workspace';
import { BridgeException, ServerFailureException, requestTimedOut, type ServerExit, type ServerFailure } from '@mcp-lsp-bridge/domain';
import { serverName, type LanguageProfile } from '../languages/language-profile.js';
import { nestedSettings, settingsSection } from '../languages/server-settings.js';
import { onAbort, withProgressTimeout } from './abort.js';
import { clientCapabilities } from './capabilities.js';
import { isConnectionLost, ServerRequestError, serverFacts } from './errors.js';
import { conciseServerMessage } from '@mcp-lsp-bridge/domain';
import { ServerProcess } from './server-process.js';
import { ServerProgress } from './server-progress.js';
import { WatchedFiles } from './watched-files.js';

export interface LanguageServerOptions {
  readonly profile: LanguageProfile;
  /** Real path of the workspace root: `rootUri` and the only workspace folder. */
  readonly root: string;
  /** A request unanswered after this long fails (and is cancelled on the server). */
  readonly requestTimeoutMs: number;
  readonly log: (message: string) => void;
  /** Arguments added to the profile's for this workspace. */
  readonly extraArgs?: readonly string[];
  /** The `.lsp.json` that applies to the workspace (where another server can be named). */
  readonly configFile: string;
}

// Request types as the protocol package declares them; their params and results are inferred.
export type AnyRequestType<P, R> = ProtocolRequestType<P, R, unknown, unknown, unknown> | RequestType<P, R, unknown>;
type AnyNotificationType<P> = ProtocolNotificationType<P, unknown> | NotificationType<P> | ProtocolNotificationType0<unknown>;

/**
 * The JSON-RPC connection to one language server process: the `initialize` handshake, the
 * server's requests to us, and our requests and notifications, each request bounded by the
 * caller's signal and the request timeout. It lives until the process is gone or disposed;
 * then every request in flight fails with LANGUAGE_SERVER_ERROR, and the pool decides about
 * restarting.
 */
export class LanguageServer {
  capabilities: ServerCapabilities = {};
  /** The server says which version of a document its published diagnostics are for (clangd, pyright and gopls do). */
  publishesVersions = false;
  private readonly process: ServerProcess;
  private connection: ProtocolConnection | undefined;
  private readonly pending = new Set<(error: Error) => void>();
  private readonly diagnosticsListeners = new Set<(params: PublishDiagnosticsParams) => void>();
  private readonly watched = new WatchedFiles();
  /** The work the server reports doing: time limits wait while it lasts. */
  readonly progress = new ServerProgress();

  constructor(private readonly options: LanguageServerOptions) {
    this.process = new ServerProcess(options);
    this.process.onGone(() => {
      for (const fail of [...this.pending]) fail(this.deadError());
    });
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get alive(): boolean {
    return this.process.exit === undefined && this.connection !== undefined && this.process.writable;
  }

  get name(): string {
    return serverName(this.options.profile);
  }

  /** Which server this is, as a report of its failure gives it to the domain. */
  get failureFacts(): Omit<ServerFailure, 'what'> {
    return serverFacts(this.options.profile, this.options.configFile);
  }

  /** What this server is (its language, its settings, whether it is TypeScript's). */
  get profile(): LanguageProfile {
    return this.options.profile;
  }

  /** How long a request (or a wait for what the server publishes) may take. */
  get requestTimeoutMs(): number {
    return this.options.requestTimeoutMs;
  }

  /** Whether the server asked to be told of `file` changing this way (a `workspace/didChangeWatchedFiles` registration). */
  watches(file: string, change: FileChangeKind): boolean {
    return this.watched.covers(file, change);
  }

  /** Spawns the server and runs the `initialize` handshake. */
  async start(signal: Signal): Promise<void> {
    const { output, input } = this.process.spawn();
    const connection = createProtocolConnection(new StreamMessageReader(output), new StreamMessageWriter(input));
    this.connection = connection;
    const { profile } = this.options;
    connection.onRequest(ConfigurationRequest.type, (params) =>
      params.items.map((item) => settingsSection(profile.settings, item.section)),
    );
    connection.onRequest(RegistrationRequest.type, (params) => {
      for (const registration of params.registrations)
        if (registration.method === DidChangeWatchedFilesNotification.method) this.watched.register(registration);
    });
    connection.onRequest(UnregistrationRequest.type, (params) => {
      for (const unregistration of params.unregisterations) this.watched.unregister(unregistration);
    });
    connection.onRequest(WorkDoneProgressCreateRequest.type, () => undefined);
    // Pulled diagnostics are asked afresh on every call: nothing to refresh.
    connection.onRequest(DiagnosticRefreshRequest.type, () => undefined);
    connection.onNotification(WorkDoneProgressNotification, (params: { token?: unknown; value?: unknown }) => {
      const { token, value } = params;
      if ((typeof token === 'string' || typeof token === 'number') && isWorkDone(value)) this.progress.report(token, value);
    });
    connection.onRequest(ShowMessageRequest.type, () => null);
    connection.onRequest(ApplyWorkspaceEditRequest.type, () => ({ applied: false, failureReason: 'this client applies edits itself' }));
    connection.onNotification(LogMessageNotification.type, (params) => {
      this.options.log(`${this.name}: ${params.message}`);
      const fatal = profile.fatalLog?.(params.message);
      if (fatal !== undefined) this.process.markGone(fatal);
    });
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      if (params.version !== undefined) this.publishesVersions = true;
      for (const listener of this.diagnosticsListeners) listener(params);
    });
    connection.onClose(() => this.process.connectionClosed());
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
        capabilities: clientCapabilities(profile),
        initializationOptions: profile.initializationOptions ?? {},
      },
      signal,
      profile.startupTimeoutMs,
    );
    // A server that registers pulled diagnostics after `initialized` (pyright) answers them from now on, and publishes none.
    this.capabilities =
      profile.pullsDiagnostics === true && result.capabilities.diagnosticProvider === undefined
        ? { ...result.capabilities, diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false } }
        : result.capabilities;
    await this.notify(InitializedNotification.type, {});
    if (profile.settings !== undefined) {
      await this.notify(DidChangeConfigurationNotification.type, { settings: nestedSettings(profile.settings) });
    }
  }

  /** Sends a request; the signal and the request timeout cancel it on the server too. */
  request<P, R>(
    type: AnyRequestType<P, R> | ProtocolRequestType0<R, unknown, unknown, unknown>,
    params: P,
    signal: Signal,
    timeoutMs = this.options.requestTimeoutMs,
  ): Promise<R> {
    const connection = this.connection;
    if (connection === undefined || !this.alive) return Promise.reject(this.deadError(type.method));
    signal.throwIfAborted();
    const source = new CancellationTokenSource();
    const timeoutError = (): Error => new BridgeException(requestTimedOut(this.name, type.method, timeoutMs));
    const bounded = withProgressTimeout(signal, timeoutMs, this.progress, timeoutError);
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
          if (this.process.exit !== undefined) {
            fail(this.deadError(type.method));
            return;
          }
          if (isConnectionLost(error)) {
            // The write failed because the process is dying; its exit names the cause.
            void this.process.waitForExit(1000).then(() => fail(this.deadError(type.method)));
            return;
          }
          const raw = error instanceof Error ? error.message : String(error);
          const message = conciseServerMessage(raw);
          const code = error instanceof ResponseError ? error.code : undefined;
          fail(new ServerRequestError(this.failureFacts, type.method, message, code, raw));
        },
      );
    });
  }

  async notify<P>(type: AnyNotificationType<P>, params: P): Promise<void> {
    const connection = this.connection;
    if (connection === undefined || !this.alive) throw this.deadError(type.method);
    try {
      await (connection.sendNotification as (t: unknown, p: unknown) => Promise<void>)(type, params);
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      await this.process.waitForExit(1000);
      throw this.deadError(type.method);
    }
  }

  onDiagnostics(listener: (params: PublishDiagnosticsParams) => void): () => void {
    this.diagnosticsListeners.add(listener);
    return () => this.diagnosticsListeners.delete(listener);
  }

  /**
   * `fail` is called with the server's death when it dies, at once if it is not running: for
   * waits on what it publishes, which no answer to a request ends. Returns the unsubscription.
   */
  failWhenGone(fail: (error: Error) => void): () => void {
    if (this.process.exit !== undefined) {
      fail(this.deadError());
      return () => undefined;
    }
    this.pending.add(fail);
    return () => this.pending.delete(fail);
  }

  /** Called once when the process is gone, with why. */
  onExited(listener: (reason: string) => void): void {
    this.process.onGone(listener);
  }

  /** `shutdown` + `exit`, then the whole process group is killed if it lingers. Never throws. */
  async dispose(graceMs = 2000): Promise<void> {
    await this.process.stop(graceMs, async () => {
      if (!this.alive) return;
      const never = new AbortController().signal;
      await this.request(ShutdownRequest.type, undefined, never, graceMs);
      await this.notify(ExitNotification.type, undefined);
    });
    this.connection?.dispose();
  }

  private deadError(method?: string): Error {
    const exit: ServerExit = this.process.exit ?? { kind: 'not-running' };
    return new ServerFailureException({
      ...this.failureFacts,
      what: { kind: 'gone', exit, ...(method === undefined ? {} : { method }) },
    });
  }
}

/** `$/progress`, taken by method: vscode-jsonrpc hands it to no typed handler for a token it did not create. */
const WorkDoneProgressNotification = '$/progress';

function isWorkDone(value: unknown): value is WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'begin' || kind === 'report' || kind === 'end';
}
