/**
 * The one request a background server answers: run an operation of the catalogue by its name
 * (`find_references`, …) on the input the CLI built, with the same result object.
 */
export const RUN_REQUEST = 'run';

export interface RunParams {
  readonly operation: string;
  readonly input: unknown;
}

/**
 * The protocol's version, part of a background server's key: a CLI that speaks another one
 * starts its own server instead of talking to one that would not understand it.
 */
export const DAEMON_PROTOCOL = 2;

/** Progress of the call in flight on this connection (project-wide diagnostics). */
export const PROGRESS_NOTIFICATION = 'progress';

/** What the background server writes on its stdout once it listens: the CLI waits for it. */
export const READY_LINE = 'ready';
