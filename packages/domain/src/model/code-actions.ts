import type { DiagnosticItem, FileModification, LineChange } from './results.js';

/**
 * `codeActions`: list the actions over a place in a file (`filePath` with `line`, `column`,
 * `endLine`), or apply one (`actionId`, as a listing gave it).
 */
export interface CodeActionsInput {
  readonly workspaceRoot: string;
  /** Relative to workspaceRoot; required unless `actionId` is given. */
  readonly filePath?: string | undefined;
  /** 1-based line asked about; absent: the whole file. */
  readonly line?: number | undefined;
  /** 1-based column (code points); absent: from the start of `line`. With it and no `endLine`: that position. */
  readonly column?: number | undefined;
  /** Last line of a range (inclusive, to its end). */
  readonly endLine?: number | undefined;
  /** Only fixes of diagnostics of this code (`TS2304`, `2304`, a server's own code such as `UnusedImport`). */
  readonly code?: string | undefined;
  /** Only actions of this kind: `quickfix`, `refactor`, `source.organizeImports`, `source.fixAll`. */
  readonly kind?: string | undefined;
  /** Apply this action (an id from a listing of the same file text). */
  readonly actionId?: string | undefined;
  /** With actionId: compute and check, answer as if applied, write nothing. */
  readonly dryRun?: boolean | undefined;
}

export interface CodeActionItem {
  /** Pass it back as actionId to apply the action; valid while the file's text is unchanged. */
  readonly id: string;
  /** The service's own title. */
  readonly title: string;
  /** LSP kind: `quickfix`, `source.fixAll`, `refactor.extract.function`, `source.organizeImports`. */
  readonly kind: string;
  /** The diagnostic code it fixes (`TS2304`). */
  readonly code?: string;
  /** The line of the diagnostic a quick fix fixes. */
  readonly line?: number;
  /** The service marks it as the fix to prefer. */
  readonly preferred?: true;
}

export interface CodeActionList {
  readonly success: true;
  readonly filePath: string;
  readonly actions: readonly CodeActionItem[];
  /** More actions were offered than one answer lists (MAX_ACTIONS): the first ones are. */
  readonly truncated?: true;
  /** Titles of actions only an editor can run (the server runs them against its client): not offered. */
  readonly clientOnly?: readonly string[];
}

export interface CodeActionApplied {
  readonly success: true;
  readonly title: string;
  readonly kind: string;
  readonly filesModified: readonly FileModification[];
  readonly totalChanges: number;
  /** True when the files were written; false for a dry run, which writes nothing. */
  readonly applied: boolean;
  /** Errors of the changed files the action adds (checked on the new texts before anything is written). */
  readonly introducedDiagnostics: readonly DiagnosticItem[];
  /** Errors of the changed files the action removes (placed in the texts before it). */
  readonly fixedDiagnostics: readonly DiagnosticItem[];
}

export type CodeActionsResult = CodeActionList | CodeActionApplied;

/** `formatFile`: format a file, or lines `line`..`endLine` of it, with the project's settings. */
export interface FormatFileInput {
  readonly workspaceRoot: string;
  readonly filePath: string;
  /** First line to format (1-based); absent: the whole file. */
  readonly line?: number | undefined;
  /** Last line to format (inclusive); default `line`. */
  readonly endLine?: number | undefined;
  /** Compute the changes, write nothing. */
  readonly dryRun?: boolean | undefined;
}

export interface FormatFileResult {
  readonly success: true;
  readonly filePath: string;
  /** The formatter's edits (0: the file is formatted already). */
  readonly changeCount: number;
  /** Each changed line, before and after. */
  readonly changes: readonly LineChange[];
  /** The changed lines were more than one answer lists: the first ones are. */
  readonly truncated?: true;
  /** True when the file was written; false for a dry run or a file already formatted. */
  readonly applied: boolean;
}
