/** Validated inputs of the use-cases (the apps validate types; the domain validates meaning). */

/**
 * Where the symbol is: exactly one of a position (`filePath` + `line` + `column`), a name
 * (`filePath` + `symbol`) or a node id (`nodeId`, with an optional `filePath` that must agree).
 */
export interface PositionInput {
  /** Absolute path of the project root. */
  readonly workspaceRoot: string;
  /** Path of the file, relative to workspaceRoot (an absolute path inside it is accepted too). */
  readonly filePath?: string | undefined;
  /** 1-based line. */
  readonly line?: number | undefined;
  /** 1-based column, counted in Unicode code points. */
  readonly column?: number | undefined;
  /** A name or qualified name declared in `filePath`: `parseConfig`, `Calculator.add`, `Outer.Inner.method`, `default`. */
  readonly symbol?: string | undefined;
  /** `kind:path:Qualified.name`, e.g. `method:src/Calculator.ts:Calculator.add`; path relative to workspaceRoot. */
  readonly nodeId?: string | undefined;
}

export interface FindReferencesInput extends PositionInput {
  readonly includeNodeModules?: boolean | undefined;
  /** Maximum number of references returned (INPUT_BOUNDS.referenceLimit). */
  readonly limit?: number | undefined;
}

export type GoToDefinitionInput = PositionInput;

export type GoToTypeDefinitionInput = PositionInput;

export interface RenameSymbolInput extends PositionInput {
  readonly newName: string;
  /** Compute and check the rename, answer as if done, write nothing (default false). */
  readonly dryRun?: boolean | undefined;
}

export interface GetDiagnosticsInput {
  readonly workspaceRoot: string;
  readonly filePath?: string | undefined;
  /** Only diagnostics of these severities (`error`, `warning`, `info`, `hint`); every severity when absent. */
  readonly severity?: readonly string[] | undefined;
}

export type HoverInput = PositionInput;

export interface DocumentSymbolsInput {
  readonly workspaceRoot: string;
  readonly filePath: string;
  /** Levels of nesting to list, 1 for the top level only (INPUT_BOUNDS.outlineDepth); every level when absent. */
  readonly depth?: number | undefined;
  /** Only symbols of these kinds (SymbolKind names), with the symbols that contain them; every kind when absent. */
  readonly kinds?: readonly string[] | undefined;
}

export interface WorkspaceSymbolsInput {
  readonly workspaceRoot: string;
  /** A name or part of one; matched by prefix, substring, camel-case humps and then in order (fuzzy). */
  readonly query: string;
  /** Only these kinds (SymbolKind names). */
  readonly kinds?: readonly string[] | undefined;
  /** Maximum number of symbols returned (INPUT_BOUNDS.workspaceSymbolLimit). */
  readonly limit?: number | undefined;
}

export interface FindImplementationsInput extends PositionInput {
  readonly includeNodeModules?: boolean | undefined;
  /** Maximum number of implementations returned (INPUT_BOUNDS.implementationLimit). */
  readonly limit?: number | undefined;
}

export type CallDirection = 'incoming' | 'outgoing';

export interface CallHierarchyInput extends PositionInput {
  readonly direction: CallDirection;
  /** Levels of calls to follow (INPUT_BOUNDS.callDepth). */
  readonly depth?: number | undefined;
}

export type TypeDirection = 'supertypes' | 'subtypes' | 'both';

export interface TypeHierarchyInput extends PositionInput {
  /** `supertypes`: what the type extends or implements; `subtypes`: what extends or implements it; `both`. */
  readonly direction: TypeDirection;
  /** Levels of the hierarchy to follow in each direction (INPUT_BOUNDS.typeDepth). */
  readonly depth?: number | undefined;
}

export type ReplaceMode = 'replace-body' | 'replace-node';

export interface ReplaceSymbolBodyInput extends PositionInput {
  readonly mode: ReplaceMode;
  /**
   * replace-body: the new body, with or without its surrounding braces; replace-node: the
   * whole new declaration (signature, modifiers and body).
   */
  readonly replacement: string;
  /** Check the replacement and answer as if done, write nothing (default false). */
  readonly dryRun?: boolean | undefined;
}

/** Calls listed in one `callHierarchy` answer, all levels together. */
export const MAX_CALLS = 200;

/** Types listed in one `typeHierarchy` answer, all levels and both directions together. */
export const MAX_TYPES = 200;

/** Completions given their type or signature in one answer (the service is asked once per name). */
export const MAX_COMPLETION_DETAILS = 50;

/** Edits one `checkEdits` call takes (each may be a whole file). */
export const MAX_EDITS = 200;

/** Symbols one `impact` answer covers (a range of many declarations lists the first ones). */
export const MAX_IMPACT_SYMBOLS = 20;

/** A cursor position, not a symbol: what can be written there. */
export interface CompletionInput {
  readonly workspaceRoot: string;
  readonly filePath: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in code points; the cursor is before this character (one past the line's end: at its end). */
  readonly column: number;
  /** Only names starting with this (any case); default: the part of a name already written before the cursor. */
  readonly prefix?: string | undefined;
  /** Names listed (INPUT_BOUNDS.completionLimit). */
  readonly limit?: number | undefined;
}

export interface ImpactInput extends PositionInput {
  /**
   * With `filePath` and no symbol address: the first line of a range (a diff's hunk); every
   * declaration the range touches is a symbol of the answer. Without `endLine`, that one line.
   */
  readonly startLine?: number | undefined;
  readonly endLine?: number | undefined;
  /** Levels of callers to follow (INPUT_BOUNDS.impactDepth). */
  readonly depth?: number | undefined;
  /** Reference lines listed per symbol (INPUT_BOUNDS.impactLimit); the counts count every one. */
  readonly limit?: number | undefined;
}

/** One edit of a file: `oldText` (once in the file, as the edits before it left it) replaced by `newText`; without `oldText`, `newText` is the whole new file. */
export interface EditInput {
  /** Relative to workspaceRoot (an absolute path inside it is accepted too). */
  readonly filePath: string;
  readonly oldText?: string | undefined;
  readonly newText: string;
}

export interface CheckEditsInput {
  readonly workspaceRoot: string;
  /** Applied in order; several may edit one file. */
  readonly edits: readonly EditInput[];
  /** Write the edits when they add no error (default false: only check). */
  readonly apply?: boolean | undefined;
  /** With `apply`: write them even when they add errors. */
  readonly force?: boolean | undefined;
}

export interface SafeDeleteInput extends PositionInput {
  /** Check and list what would be removed; write nothing (default false). */
  readonly dryRun?: boolean | undefined;
}
