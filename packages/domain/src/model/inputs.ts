/** Validated inputs of the use-cases (the apps validate types; the domain validates meaning). */

export interface PositionInput {
  /** Absolute path of the project root. */
  readonly workspaceRoot: string;
  /** Path of the file, relative to workspaceRoot (an absolute path inside it is accepted too). */
  readonly filePath: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column, counted in Unicode code points. */
  readonly column: number;
}

export interface FindReferencesInput extends PositionInput {
  readonly includeNodeModules?: boolean | undefined;
  /** Maximum number of references returned; default 500. */
  readonly limit?: number | undefined;
}

export type GoToDefinitionInput = PositionInput;

export interface RenameSymbolInput extends PositionInput {
  readonly newName: string;
}

export interface GetDiagnosticsInput {
  readonly workspaceRoot: string;
  readonly filePath?: string | undefined;
}

export const DEFAULT_REFERENCE_LIMIT = 500;
