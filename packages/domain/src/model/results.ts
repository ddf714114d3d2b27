/** The FS-001 result shapes, field for field. */

export type ReferenceType = 'declaration' | 'usage';

export interface ReferenceItem {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  readonly codeSnippet: string;
  readonly referenceType: ReferenceType;
}

export interface FileFailureItem {
  readonly filePath: string;
  readonly reason: string;
}

export interface FindReferencesResult {
  readonly success: true;
  /** Not in FS-001's shape; the name of the symbol, for renderers. */
  readonly symbolName: string;
  readonly references: readonly ReferenceItem[];
  readonly totalCount: number;
  readonly truncated: boolean;
  readonly failures?: readonly FileFailureItem[];
}

export interface DefinitionItem {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  readonly codeSnippet: string;
  readonly isExternal: boolean;
}

export interface GoToDefinitionResult {
  readonly success: true;
  readonly symbolName: string;
  readonly definitions: readonly DefinitionItem[];
}

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
}

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
}

export interface GetDiagnosticsResult {
  readonly success: true;
  readonly diagnostics: readonly DiagnosticItem[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly infoCount: number;
  readonly hintCount: number;
  /** Files of a project-wide check that could not be processed (FS-001.8). */
  readonly failures?: readonly FileFailureItem[];
}
