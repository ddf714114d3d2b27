import type { Signal } from '../model/signal.js';
import type { SymbolKind } from '../model/symbols.js';
import type { DiagnosticCategory } from '../rules/severity.js';

/**
 * What the use-cases ask of a language service. Paths are absolute real paths; offsets
 * are UTF-16 offsets into the text `sourceText` returns for that path (without a BOM).
 * Implementations see the disk as it is at the time of the call.
 * Expected refusals (an unusable config, a dead server) are thrown as `BridgeException`.
 */
export interface SymbolIndex {
  /** The text of `path` as the index sees it now; `undefined` if it cannot be read. */
  sourceText(scope: QueryScope, path: string): Promise<string | undefined>;
  /** The identifiers (real syntax, not words in comments or strings) overlapping [start, end). */
  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]>;
  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]>;
  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer>;
  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo>;
  /** Every edit a rename to `newName` makes, prefixes and suffixes (`a as b`, `{ a: b }`) included. */
  renameEdits(scope: QueryScope, at: FileOffset, newName: string): Promise<readonly TextEdit[]>;
  /**
   * What would go wrong if `edits` were applied: a name already declared in the scope of the
   * declaration or a reference, or a reference that would resolve to something else.
   */
  renameConflicts(scope: QueryScope, at: FileOffset, newName: string, edits: readonly TextEdit[]): Promise<readonly RenameConflict[]>;
  /** Diagnostics of one file. */
  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]>;
  /** Diagnostics of every source file of every project in the workspace. */
  projectDiagnostics(scope: QueryScope): Promise<ProjectDiagnosticsAnswer>;
  /**
   * The file's symbol outline as the service gives it (LSP `textDocument/documentSymbol`,
   * TypeScript's navigation tree), in source order. Overload signatures and merged
   * declarations appear once per declaration; anonymous items (`<function>`) and import
   * aliases are left out.
   */
  outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]>;
  /** Type signature and documentation at a position; `undefined` when the service has none. */
  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined>;
  /**
   * The implementations of the symbol at a position: classes that implement an interface or
   * extend an abstract class, members that implement or override a member. Each span is the
   * implementation's name.
   */
  implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]>;
  /**
   * Declarations across the workspace's projects whose name matches `query` (the service's
   * own matching: prefix, substring, camel case), at most `maxResults`.
   */
  searchSymbols(scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]>;
  /** The call hierarchy items of the function-like symbol at a position (empty if it is not callable). */
  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]>;
  /** Who calls `item`; each edge's sites are in the caller's file. */
  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]>;
  /** What `item` calls; each edge's sites are in `item`'s file. */
  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]>;
}

export interface OutlineSymbol {
  readonly name: string;
  readonly kind: SymbolKind;
  /** The whole declaration (LSP `range`). */
  readonly start: number;
  readonly length: number;
  /** The name (LSP `selectionRange`); the whole declaration when it has no name. */
  readonly nameStart: number;
  readonly nameLength: number;
  readonly children: readonly OutlineSymbol[];
}

export interface HoverAnswer {
  /** The type signature as the service prints it, e.g. `(method) Calculator.add(a: number): number`. */
  readonly signature: string;
  /** The documentation comment and its tags, as markdown; '' when there is none. */
  readonly documentation: string;
}

export interface SymbolMatch {
  readonly name: string;
  readonly kind: SymbolKind;
  /** The declaration's name. */
  readonly path: string;
  readonly start: number;
  readonly length: number;
  readonly containerName?: string | undefined;
}

export interface CallItem {
  readonly name: string;
  readonly kind: SymbolKind;
  readonly path: string;
  /** The whole declaration. */
  readonly start: number;
  readonly length: number;
  /** Its name. */
  readonly nameStart: number;
  readonly nameLength: number;
}

export interface CallEdge {
  /** The caller (incoming) or the callee (outgoing). */
  readonly item: CallItem;
  /** The call expressions' callee names. */
  readonly sites: readonly SourceSpan[];
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

export interface ReferenceSpan extends SourceSpan {
  readonly isDeclaration: boolean;
}

export interface FileFailure {
  readonly path: string;
  readonly reason: string;
}

export interface ReferencesAnswer {
  readonly references: readonly ReferenceSpan[];
  /** Files that belong to the searched projects but could not be processed. */
  readonly failures: readonly FileFailure[];
}

export type RenameInfo = { readonly canRename: true; readonly name: string } | { readonly canRename: false; readonly reason: string };

export interface TextEdit extends SourceSpan {
  readonly newText: string;
}

export interface RenameConflict {
  /** Where the conflict shows (a declaration of the same name, or a reference that would change meaning). */
  readonly path: string;
  readonly start: number;
  readonly description: string;
}

export interface DiagnosticRecord {
  readonly path: string;
  readonly start: number;
  readonly length: number;
  readonly category: DiagnosticCategory;
  readonly code: number | string;
  readonly message: string;
}

export interface ProjectDiagnosticsAnswer {
  readonly diagnostics: readonly DiagnosticRecord[];
  readonly failures: readonly FileFailure[];
  /** How many files were checked. */
  readonly filesChecked: number;
}
