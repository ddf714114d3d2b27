import type { DiagnosticItem } from './diagnostic-results.js';
import type { FileFailureItem } from './reference-results.js';
import type { ReplaceMode } from './inputs.js';

/** What the writing tools answer (`renameSymbol`, `replaceSymbolBody`, `checkEdits`, `safeDelete`): the files and lines changed. */

export interface LineChange {
  readonly line: number;
  readonly oldText: string;
  readonly newText: string;
}

export interface FileModification {
  readonly filePath: string;
  readonly changeCount: number;
  readonly changes: readonly LineChange[];
}

export interface RenameSymbolResult {
  readonly success: true;
  readonly oldName: string;
  readonly newName: string;
  readonly filesModified: readonly FileModification[];
  readonly totalChanges: number;
  /** True when the files were written; false for a dry run, which writes nothing. */
  readonly applied: boolean;
  /**
   * Workspace packages whose source was renamed and whose build output (`dist/**\/*.d.ts`) still
   * has the old name: their consumers see the new name after these packages are built again.
   */
  readonly rebuild?: readonly string[];
  /**
   * The package entry points whose exports the rename changed (public API): importers outside
   * the workspace must change too. Absent when the symbol is not exported by any entry point.
   */
  readonly publicApi?: readonly PublicApiChange[];
}

export interface PublicApiChange {
  /** The package's name (its directory when it has none). */
  readonly package: string;
  /** The `exports` subpath: `.`, `./sizes`. */
  readonly entryPoint: string;
  /** The name importers write, before and after (`totalArea`, `Square.area`). */
  readonly before: string;
  readonly after: string;
}

/** Where a workspace package's entry point exports a symbol, and the name its importers write. */
export interface PublicApiItem {
  /** The package's name (its directory when it has none). */
  readonly package: string;
  /** The `exports` subpath: `.`, `./sizes`. */
  readonly entryPoint: string;
  readonly exportedName: string;
}

export interface ReplaceSymbolBodyResult {
  readonly success: true;
  readonly symbolName: string;
  readonly mode: ReplaceMode;
  /** The declaration after the replacement. */
  readonly nodeId?: string;
  readonly filePath: string;
  readonly line: number;
  readonly endLine: number;
  readonly linesRemoved: number;
  readonly linesAdded: number;
  /** Diagnostics of the file that were not there before the edit (a dry run: the errors, checked in memory). */
  readonly introducedDiagnostics: readonly DiagnosticItem[];
  /** True when the file was written; false for a dry run, which writes nothing. */
  readonly applied: boolean;
  /**
   * Present when the file was written but its diagnostics could not be computed afterwards
   * (the call was cancelled once the write had begun, or the language service failed):
   * `introducedDiagnostics` is then empty because nothing was checked, and this says why.
   */
  readonly diagnosticsUnavailable?: string;
}

/** A file an edit changes: its first changed line and how many lines go and come. */
export interface EditedFile {
  readonly filePath: string;
  readonly startLine: number;
  readonly linesRemoved: number;
  readonly linesAdded: number;
}

export interface CheckEditsResult {
  readonly success: true;
  readonly files: readonly EditedFile[];
  /** Errors the edits add, anywhere they were checked: the edited files and the files that import them (positions after the edits). */
  readonly errorsAdded: readonly DiagnosticItem[];
  /** Errors the edits remove (positions before the edits). */
  readonly errorsRemoved: readonly DiagnosticItem[];
  /** How many files were type-checked before and after. */
  readonly filesChecked: number;
  /**
   * Files the edits may affect (an edited file's package or importers) that could not be checked:
   * the language server's build leaves them out (Go: a build constraint), each with why.
   */
  readonly notChecked?: readonly FileFailureItem[];
  /** Whether the edits were written. */
  readonly applied: boolean;
  /** Why they were not written although `apply` asked for it (they add errors and `force` was not given). */
  readonly notApplied?: string;
}

export interface SafeDeleteResult {
  readonly success: true;
  readonly symbolName: string;
  readonly filePath: string;
  /** The lines removed: each declaration of the symbol (its doc comment included). */
  readonly removed: readonly { readonly startLine: number; readonly endLine: number }[];
  /** Imports the deletion left unused, removed with it. */
  readonly importsRemoved: readonly string[];
  readonly applied: boolean;
}
