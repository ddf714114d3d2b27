import type { Signal } from '../model/signal.js';

/**
 * What every query of a language service is given (the call's scope, a place in a file) and
 * answers with (spans, failures), and the two probes of a file every family uses: its text and
 * its identifiers.
 */
export interface SourceProbes {
  /** The text of `path` as the index sees it now; `undefined` if it cannot be read. */
  sourceText(scope: QueryScope, path: string): Promise<string | undefined>;
  /** The identifiers (real syntax, not words in comments or strings) overlapping [start, end). */
  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]>;
}

export interface QueryScope {
  /** Real absolute path of the workspace root. */
  readonly workspaceRoot: string;
  readonly signal: Signal;
  /** Reports progress of long operations (project-wide diagnostics). */
  readonly onProgress?: (progress: Progress) => void;
}

export interface Progress {
  readonly done: number;
  readonly total: number;
  readonly message?: string;
}

export interface FileOffset {
  readonly path: string;
  readonly offset: number;
}

export interface SourceSpan {
  readonly path: string;
  readonly start: number;
  readonly length: number;
}

export interface IdentifierSpan extends SourceSpan {
  readonly text: string;
}

export interface FileFailure {
  readonly path: string;
  readonly reason: string;
}
