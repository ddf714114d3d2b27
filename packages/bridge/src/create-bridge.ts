import { operationNamed, type OperationName, type Signal } from '@mcp-lsp-bridge/domain/front';
import type { BridgePorts } from '@mcp-lsp-bridge/domain';
import { loadConfig, type Backend } from './config.js';
import { deadlineSignal } from './deadline-signal.js';
import type { Container } from 'inversify';
import { createContainer, disposeContainer } from './di/container.js';
import * as T from './di/tokens.js';
import { InFlightCalls } from './in-flight-calls.js';
import { processWorkspaceWrites } from './workspace-writes.js';
import { stderrLogger, type Logger } from './logger.js';
import { bridgeOver, type Bridge, type CallOptions, type RunOperation } from './operations/bridge-surface.js';

export {
  bridgeOver,
  type Bridge,
  type BridgeMethods,
  type CallOptions,
  type DiagnosticsCallOptions,
  type RunOperation,
} from './operations/bridge-surface.js';

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
  LocatedSymbol,
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
} from '@mcp-lsp-bridge/domain/front';

export interface CreateBridgeOptions {
  /** Which language backend answers; default `LSP_BRIDGE_BACKEND`, else `tsservice`. */
  readonly backend?: Backend | undefined;
  /** Where the `LSP_BRIDGE_*` settings are read from; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Receives the backend's log lines; default: stderr, at `LSP_BRIDGE_LOG_LEVEL`. */
  readonly logger?: Logger | undefined;
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
  /** Runs an operation; its deadline starts now, before the backend has loaded. */
  const run: RunOperation = (name, input, call) =>
    calls.run(call?.signal ?? new AbortController().signal, async (callSignal) => {
      using signal = deadlineSignal(callSignal, config.requestTimeoutMs);
      const { ports } = await load();
      return await runOperation(ports, name, input, signal, call);
    }) as never;
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
  return bridgeOver(config, run, dispose);
}

/**
 * One operation on the ports: a writing one runs alone in its workspace, from planning to
 * the last file written (the second plans on what the first wrote).
 */
function runOperation(
  ports: BridgePorts,
  name: OperationName,
  input: unknown,
  signal: Signal,
  call: CallOptions | undefined,
): Promise<unknown> {
  const operation = operationNamed(name);
  if (operation === undefined) throw new Error(`No operation is named ${name}`);
  const body = (): Promise<unknown> => operation.run(ports, input, { signal, onProgress: call?.onProgress });
  return operation.writes ? processWorkspaceWrites.run(workspaceRootOf(input), signal, body) : body();
}

/** The root a call names (the use-case judges it). */
function workspaceRootOf(input: unknown): string {
  const root = typeof input === 'object' && input !== null ? (input as { workspaceRoot?: unknown }).workspaceRoot : undefined;
  return typeof root === 'string' ? root : '';
}
