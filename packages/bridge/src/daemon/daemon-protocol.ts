import type { Progress } from '@mcp-lsp-bridge/domain/front';

/**
 * What a background server answers on its socket (JSON-RPC over `vscode-jsonrpc`):
 * - `run`: an operation of the catalogue by its tool name (an `OperationName`) on the input the
 *   front built, answered with the same result object;
 * - `status`: who it is and what it has done ({@link DaemonStatus});
 * - `shutdown`: stop as on SIGTERM, answered once it has stopped serving.
 */
export const RUN_REQUEST = 'run';
export const STATUS_REQUEST = 'status';
export const SHUTDOWN_REQUEST = 'shutdown';

export interface RunParams {
  readonly operation: string;
  readonly input: unknown;
  /** Names the call in its `progress` notifications: a front may run several calls on one connection. */
  readonly progressToken?: number | undefined;
}

/** Progress of one call (project-wide diagnostics), for the front that asked for it. */
export const PROGRESS_NOTIFICATION = 'progress';

export interface ProgressParams {
  readonly progressToken: number;
  readonly progress: Progress;
}

/**
 * The protocol's version, part of a background server's key: a front that speaks another one
 * starts its own server instead of talking to one that would not understand it.
 */
export const DAEMON_PROTOCOL = 3;

/** What the background server writes on its stdout once it listens (or finds another listening): its starter waits for it. */
export const READY_LINE = 'ready';
export const ANOTHER_LINE = 'another';

/** Who a background server is: also what its status file beside the socket holds. */
export interface DaemonIdentity {
  readonly pid: number;
  /** When the process started, in clock ticks since boot (`/proc/<pid>/stat`): a reused pid is another process. */
  readonly processStart: number | undefined;
  /** The real path of the workspace root it was started for. */
  readonly root: string;
  readonly backend: string;
  /** The settings of its key (`LSP_BRIDGE_*` but the fronts' own). */
  readonly settings: Readonly<Record<string, string>>;
  /** The program and its version: a rebuilt or upgraded bridge starts a server of its own. */
  readonly program: string;
  readonly version: string;
  readonly protocol: number;
  readonly socket: string;
  readonly log: string;
  /** Epoch milliseconds. */
  readonly startedAt: number;
  /** Exits after this long without a call in flight. */
  readonly idleMs: number;
}

/** The answer to `status`: who it is and what it has done. */
export interface DaemonStatus extends DaemonIdentity {
  /** Epoch milliseconds of the end of the last call; `null` before the first. */
  readonly lastCallAt: number | null;
  readonly callsServed: number;
  readonly callsRunning: number;
}
