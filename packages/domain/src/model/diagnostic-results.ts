import type { FileFailureItem } from './reference-results.js';

/** What `getDiagnostics` answers, and the compilers it names. */

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface DiagnosticItem {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  readonly codeSnippet: string;
  /** The language server's name for what produced it (`Pyright`, `clang`), for languages other than TypeScript. */
  readonly source?: string;
}

export interface GetDiagnosticsResult {
  readonly success: true;
  /** The diagnostics of the severities asked for (every severity by default). */
  readonly diagnostics: readonly DiagnosticItem[];
  /** The counts and `fileCount` are of every diagnostic found, whatever the severities asked for. */
  readonly errorCount: number;
  readonly warningCount: number;
  readonly infoCount: number;
  readonly hintCount: number;
  /** Not in FS-001's shape; how many files have a diagnostic. */
  readonly fileCount: number;
  /** Files of a project-wide check that could not be processed (FS-001.8). */
  readonly failures?: readonly FileFailureItem[];
  /**
   * The compiler that answered: the file's project's, or for a project-wide check the one that
   * answered the most projects. Absent when the backend cannot tell (a custom language server).
   */
  readonly compiler?: CompilerItem;
  /** Every compiler of a project-wide check, when more than one answered (a monorepo on several versions). */
  readonly compilers?: readonly CompilerItem[];
}

export interface CompilerItem {
  /** The `typescript` version, e.g. `6.0.3`. */
  readonly version: string;
  /** `workspace`: the project's own `typescript`; `bundled`: one the bridge ships with. */
  readonly source: 'workspace' | 'bundled';
  /** The compiler's package directory (absolute). */
  readonly path: string;
  /** Why the project's own compiler did not answer, when it has or asks for one. */
  readonly note?: string;
  /** The projects it answered for (config paths as displayed; `.` for a workspace without configs), in a project-wide check. */
  readonly projects?: readonly string[];
}
