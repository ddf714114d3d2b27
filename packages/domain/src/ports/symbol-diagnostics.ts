import type { DiagnosticCategory } from '../rules/severity.js';
import type { QueryScope, FileFailure } from './symbol-queries.js';

/** Errors and warnings: of one file, and the plan and per-file checks the domain walks for a whole workspace. */
export interface SymbolDiagnostics {
  /** Diagnostics of one file. */
  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]>;
  /**
   * What project-wide diagnostics check: every source file of every project in the workspace
   * this index answers for, grouped as the service checks them best, and the files known to
   * fail before any check (broken configs, unreadable files). The domain walks the groups.
   */
  diagnosticsPlan(scope: QueryScope): Promise<DiagnosticsPlan>;
  /**
   * Diagnostics of one file of a plan's group, or why that file could not be checked; thrown
   * only when the service itself is gone (a dead server) or the call is cancelled. `leadsGroup`:
   * the group's first file, checked before the others (the service may load its project now).
   */
  checkFile(scope: QueryScope, path: string, leadsGroup: boolean): Promise<FileCheck>;
  /**
   * The compilers that answer for `path` (its project's), or for every project of the
   * workspace when `path` is undefined, each with the projects it answers for. Empty when the
   * backend cannot tell (a custom language server).
   */
  compilers(scope: QueryScope, path: string | undefined): Promise<readonly CompilerUse[]>;
}

export interface DiagnosticRecord {
  readonly path: string;
  readonly start: number;
  readonly length: number;
  readonly category: DiagnosticCategory;
  readonly code: number | string;
  readonly message: string;
  /** What produced it, as a language server names it (`Pyright`, `clang`); TypeScript's backends leave it out. */
  readonly source?: string | undefined;
}

/** A TypeScript compiler and the projects it answers for. */
export interface CompilerUse {
  readonly version: string;
  /** `workspace`: the project's own `typescript`; `bundled`: one the bridge ships with. */
  readonly source: 'workspace' | 'bundled';
  /** The compiler's package directory (absolute, real). */
  readonly path: string;
  /** Why the project's own compiler is not the one answering, when it has or asks for one. */
  readonly note?: string;
  /** The configs it compiles (absolute paths), or the workspace root for a workspace without any. */
  readonly projects: readonly string[];
}

/** The files project-wide diagnostics check, and those known to fail before any check. */
export interface DiagnosticsPlan {
  readonly groups: readonly DiagnosticsGroup[];
  readonly failures: readonly FileFailure[];
  /**
   * The scope to check the groups' files in: the call's view of the disk, taken while planning
   * (a router's), so every check sees the disk as the plan did; absent: the planning scope.
   */
  readonly scope?: QueryScope | undefined;
}

/** Files checked together (a project's: the service loads it once), in order. */
export interface DiagnosticsGroup {
  readonly files: readonly string[];
  /** How many of its files to have checked at once: requests whose round trips overlap, or 1. */
  readonly inFlight: number;
}

/** One file's check: its diagnostics, or why it could not be checked. */
export type FileCheck = { readonly diagnostics: readonly DiagnosticRecord[] } | { readonly failure: string };

/** What project-wide diagnostics found. */
export interface ProjectDiagnosticsAnswer {
  readonly diagnostics: readonly DiagnosticRecord[];
  readonly failures: readonly FileFailure[];
  /** How many files were checked. */
  readonly filesChecked: number;
}
