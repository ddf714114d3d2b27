import {
  CATALOGUE,
  type InputOf,
  type OperationByMethod,
  type OperationMethod,
  type OperationName,
  type Progress,
  type ResultOf,
  type ToolError,
} from '@mcp-lsp-bridge/domain/front';
import type { BridgeConfig } from '../config.js';

export interface CallOptions {
  /** Aborting it cancels the call, which then answers `CANCELLED`. */
  readonly signal?: AbortSignal | undefined;
  /** Progress of a long call (project-wide diagnostics: called after each file). */
  readonly onProgress?: ((progress: Progress) => void) | undefined;
}

/** The options of `getDiagnostics` (every call takes the same options). */
export type DiagnosticsCallOptions = CallOptions;

/** Runs one operation of the catalogue by name: what every surface of the bridge calls. */
export type RunOperation = <N extends OperationName>(name: N, input: InputOf<N>, options?: CallOptions) => Promise<ResultOf<N> | ToolError>;

/** One library method per operation of the catalogue, named by its `method`. */
export type BridgeMethods = {
  readonly [M in OperationMethod]: (
    input: InputOf<OperationByMethod<M>['name']>,
    options?: CallOptions,
  ) => Promise<ResultOf<OperationByMethod<M>['name']> | ToolError>;
};

/**
 * The MCP server's operations without MCP. Each answers the tool's result object or a
 * `{ success: false, error }` value (expected refusals are data, never exceptions).
 * Position-taking calls accept a position, a `symbol` name in `filePath`, or a `nodeId`;
 * `renameSymbol` and `replaceSymbolBody` write files, all or none.
 */
export interface Bridge extends BridgeMethods, AsyncDisposable {
  readonly config: BridgeConfig;
  /** Any operation by its tool name: `run(FIND_REFERENCES, input)` is `findReferences(input)`. */
  readonly run: RunOperation;
  /**
   * Releases the language services (and server processes) of the backend. Calls still
   * running are cancelled (they answer CANCELLED), except that a write which has begun
   * replacing files is finished first; calls made afterwards answer CANCELLED.
   */
  dispose(): Promise<void>;
}

/** A bridge whose every method runs through `run`: the methods are derived from the catalogue. */
export function bridgeOver(config: BridgeConfig, run: RunOperation, dispose: () => Promise<void>): Bridge {
  const methods = Object.fromEntries(
    CATALOGUE.map((operation) => [operation.method, (input: never, options?: CallOptions) => run(operation.name, input, options)]),
  ) as unknown as BridgeMethods;
  return { ...methods, config, run, dispose, [Symbol.asyncDispose]: dispose };
}
