import {
  callHierarchy,
  documentSymbols,
  findImplementations,
  findReferences,
  getDiagnostics,
  goToDefinition,
  hover,
  renameSymbol,
  replaceSymbolBody,
  workspaceSymbols,
  type CallHierarchyInput,
  type CallHierarchyResult,
  type DocumentSymbolsInput,
  type DocumentSymbolsResult,
  type FindImplementationsInput,
  type FindImplementationsResult,
  type FindReferencesInput,
  type FindReferencesResult,
  type GetDiagnosticsInput,
  type GetDiagnosticsResult,
  type GoToDefinitionInput,
  type GoToDefinitionResult,
  type HoverInput,
  type HoverResult,
  type Progress,
  type RenameSymbolInput,
  type RenameSymbolResult,
  type ReplaceSymbolBodyInput,
  type ReplaceSymbolBodyResult,
  type Signal,
  type BridgePorts,
  type ToolError,
  type WorkspaceSymbolsInput,
  type WorkspaceSymbolsResult,
} from '@mcp-lsp-bridge/domain';
import { loadConfig, type Backend, type BridgeConfig } from './config.js';
import { deadlineSignal } from './deadline-signal.js';
import type { Container } from 'inversify';
import { createContainer, disposeContainer } from './di/container.js';
import * as T from './di/tokens.js';
import { InFlightCalls } from './in-flight-calls.js';
import { processWorkspaceWrites } from './workspace-writes.js';
import { stderrLogger, type Logger } from './logger.js';

/** How long disposing waits for cancelled calls to answer (a write in progress is always waited for). */
const DISPOSE_GRACE_MS = 10_000;

// The inputs and results of the use-cases, so code using the bridge needs no other package.
export type {
  BridgeError,
  CallDirection,
  CallHierarchyCall,
  CallHierarchyInput,
  CallHierarchyResult,
  CallHierarchySymbol,
  CallSite,
  DiagnosticItem,
  DefinitionItem,
  DocumentSymbolItem,
  DocumentSymbolsInput,
  DocumentSymbolsResult,
  FileFailureItem,
  FileModification,
  FindImplementationsInput,
  FindImplementationsResult,
  FindReferencesInput,
  FindReferencesResult,
  GetDiagnosticsInput,
  GetDiagnosticsResult,
  GoToDefinitionInput,
  GoToDefinitionResult,
  HoverInput,
  HoverResult,
  ImplementationItem,
  LineChange,
  PositionInput,
  Progress,
  ReferenceItem,
  RenameSymbolInput,
  RenameSymbolResult,
  ReplaceMode,
  ReplaceSymbolBodyInput,
  ReplaceSymbolBodyResult,
  Severity,
  SymbolKind,
  ToolError,
  WorkspaceSymbolItem,
  WorkspaceSymbolsInput,
  WorkspaceSymbolsResult,
} from '@mcp-lsp-bridge/domain';

export interface CreateBridgeOptions {
  /** Which language backend answers; default `LSP_BRIDGE_BACKEND`, else `tsservice`. */
  readonly backend?: Backend | undefined;
  /** Where the `LSP_BRIDGE_*` settings are read from; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Receives the backend's log lines; default: stderr, at `LSP_BRIDGE_LOG_LEVEL`. */
  readonly logger?: Logger | undefined;
}

export interface CallOptions {
  /** Aborting it cancels the call, which then answers `CANCELLED`. */
  readonly signal?: AbortSignal | undefined;
}

export interface DiagnosticsCallOptions extends CallOptions {
  /** Called after each file of a project-wide check. */
  readonly onProgress?: ((progress: Progress) => void) | undefined;
}

/**
 * The MCP server's operations without MCP. Each answers the tool's result object or a
 * `{ success: false, error }` value (expected refusals are data, never exceptions).
 * Position-taking calls accept a position, a `symbol` name in `filePath`, or a `nodeId`.
 */
export interface Bridge extends AsyncDisposable {
  readonly config: BridgeConfig;
  findReferences(input: FindReferencesInput, options?: CallOptions): Promise<FindReferencesResult | ToolError>;
  goToDefinition(input: GoToDefinitionInput, options?: CallOptions): Promise<GoToDefinitionResult | ToolError>;
  /** Writes the renamed files to disk, all or none. */
  renameSymbol(input: RenameSymbolInput, options?: CallOptions): Promise<RenameSymbolResult | ToolError>;
  getDiagnostics(input: GetDiagnosticsInput, options?: DiagnosticsCallOptions): Promise<GetDiagnosticsResult | ToolError>;
  hover(input: HoverInput, options?: CallOptions): Promise<HoverResult | ToolError>;
  documentSymbols(input: DocumentSymbolsInput, options?: CallOptions): Promise<DocumentSymbolsResult | ToolError>;
  workspaceSymbols(input: WorkspaceSymbolsInput, options?: CallOptions): Promise<WorkspaceSymbolsResult | ToolError>;
  findImplementations(input: FindImplementationsInput, options?: CallOptions): Promise<FindImplementationsResult | ToolError>;
  callHierarchy(input: CallHierarchyInput, options?: CallOptions): Promise<CallHierarchyResult | ToolError>;
  /** Writes the edited file to disk (nothing when the replacement is refused). */
  replaceSymbolBody(input: ReplaceSymbolBodyInput, options?: CallOptions): Promise<ReplaceSymbolBodyResult | ToolError>;
  /**
   * Releases the language services (and server processes) of the backend. Calls still
   * running are cancelled (they answer CANCELLED), except that a write which has begun
   * replacing files is finished first; calls made afterwards answer CANCELLED.
   */
  dispose(): Promise<void>;
}

/**
 * The library entry point: the same container the MCP server and the CLI run on, its
 * use-cases bound to their ports and to the configured request timeout.
 * Throws `ConfigError` for an unknown backend or a malformed `LSP_BRIDGE_*` setting.
 */
export function createBridge(options: CreateBridgeOptions = {}): Bridge {
  const env = options.env ?? process.env;
  const config = loadConfig(options.backend === undefined ? env : { ...env, LSP_BRIDGE_BACKEND: options.backend });
  // The backend loads on the first call (or dispose), not here: creating a bridge stays cheap.
  let loaded: Promise<{ container: Container; ports: BridgePorts }> | undefined;
  const load = (): Promise<{ container: Container; ports: BridgePorts }> =>
    (loaded ??= createContainer(config, options.logger ?? stderrLogger(config.logLevel)).then((container) => ({
      container,
      ports: container.get(T.BridgePorts),
    })));
  const calls = new InFlightCalls();
  /** Runs a use-case; its deadline starts now, before the backend has loaded. */
  const run = <T>(call: CallOptions | undefined, body: (ports: BridgePorts, signal: Signal) => Promise<T>): Promise<T | ToolError> =>
    calls.run(call?.signal ?? new AbortController().signal, (callSignal) => {
      const signal = deadlineSignal(callSignal, config.requestTimeoutMs);
      return load().then(({ ports }) => body(ports, signal));
    });
  let disposed: Promise<void> | undefined;
  const dispose = (): Promise<void> =>
    (disposed ??= (async () => {
      // Calls still running are cancelled, but a write that has begun is finished first.
      await calls.close('the bridge was disposed', DISPOSE_GRACE_MS);
      if (loaded === undefined) return;
      const { container, ports } = await loaded;
      await ports.writer.drain();
      await disposeContainer(container);
    })());
  return {
    config,
    findReferences: (input, call) => run(call, (ports, signal) => findReferences(ports, input, signal)),
    goToDefinition: (input, call) => run(call, (ports, signal) => goToDefinition(ports, input, signal)),
    renameSymbol: (input, call) =>
      run(call, (ports, signal) => processWorkspaceWrites.run(input.workspaceRoot, signal, () => renameSymbol(ports, input, signal))),
    getDiagnostics: (input, call) =>
      run(call, (ports, signal) =>
        getDiagnostics(ports, input, signal, call?.onProgress === undefined ? {} : { onProgress: call.onProgress }),
      ),
    hover: (input, call) => run(call, (ports, signal) => hover(ports, input, signal)),
    documentSymbols: (input, call) => run(call, (ports, signal) => documentSymbols(ports, input, signal)),
    workspaceSymbols: (input, call) => run(call, (ports, signal) => workspaceSymbols(ports, input, signal)),
    findImplementations: (input, call) => run(call, (ports, signal) => findImplementations(ports, input, signal)),
    callHierarchy: (input, call) => run(call, (ports, signal) => callHierarchy(ports, input, signal)),
    replaceSymbolBody: (input, call) =>
      run(call, (ports, signal) => processWorkspaceWrites.run(input.workspaceRoot, signal, () => replaceSymbolBody(ports, input, signal))),
    dispose,
    [Symbol.asyncDispose]: dispose,
  };
}
