import type { CompletionKind } from './completion-kinds.js';
import type { CallDirection, ReplaceMode } from './inputs.js';
import type { SymbolKind } from './symbols.js';

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
  /** Not in FS-001's shape; how many files the `totalCount` references are in, before the limit. */
  readonly fileCount: number;
  readonly truncated: boolean;
  readonly failures?: readonly FileFailureItem[];
}

export interface DefinitionItem {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  readonly codeSnippet: string;
  readonly isExternal: boolean;
  /** The declaration's node id, when it is in the workspace and in its file's outline. */
  readonly nodeId?: string;
}

export interface GoToDefinitionResult {
  readonly success: true;
  readonly symbolName: string;
  readonly definitions: readonly DefinitionItem[];
}

/** The declarations of the symbol's type (a type alias, interface, class, enum), as definitions. */
export type GoToTypeDefinitionResult = GoToDefinitionResult;

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

export interface HoverResult {
  readonly success: true;
  readonly symbolName: string;
  /** The type signature; absent when the service knows nothing about the symbol. */
  readonly signature?: string;
  /** The documentation comment (markdown), when there is one. */
  readonly documentation?: string;
  /** The documentation was longer and was cut. */
  readonly truncated?: boolean;
  /** The language of the signature (`go`, `python`, `cpp`), for a language other than TypeScript: how it is fenced. */
  readonly language?: string;
}

export interface DocumentSymbolItem {
  readonly name: string;
  readonly kind: SymbolKind;
  /** Absent for an anonymous item (`<function>`, `items.map() callback`): it cannot be addressed. */
  readonly nodeId?: string;
  /** Where the name is (1-based). */
  readonly line: number;
  readonly column: number;
  /** Last line of the declaration. */
  readonly endLine: number;
  /** For an overloaded function or method: how many declarations (signatures and implementation) the item stands for. */
  readonly overloads?: number;
  readonly children?: readonly DocumentSymbolItem[];
}

export interface DocumentSymbolsResult {
  readonly success: true;
  readonly filePath: string;
  /** The outline, or the part of it `depth` and `kinds` asked for. */
  readonly symbols: readonly DocumentSymbolItem[];
  /** Symbols the file declares, at every level, whatever `depth` and `kinds` left out. */
  readonly totalCount: number;
  /** The outline was too large for one answer: `symbols` lists the first ones (in source order, parents before children). */
  readonly truncated: boolean;
}

export interface WorkspaceSymbolItem {
  readonly name: string;
  readonly kind: SymbolKind;
  readonly nodeId?: string;
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  readonly containerName?: string;
}

export interface WorkspaceSymbolsResult {
  readonly success: true;
  readonly query: string;
  readonly symbols: readonly WorkspaceSymbolItem[];
  /** How many declarations match; at least this many when `totalCountIsLowerBound`. */
  readonly totalCount: number;
  readonly truncated: boolean;
  /**
   * Present (true) when more declarations match than the service was asked to list
   * (MAX_SYMBOL_CANDIDATES): `totalCount` is then a lower bound, and a better match may exist
   * beyond it; a longer query or `kinds` narrows the search.
   */
  readonly totalCountIsLowerBound?: true;
}

export interface ImplementationItem {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  readonly codeSnippet: string;
  readonly nodeId?: string;
  readonly kind?: SymbolKind;
}

export interface FindImplementationsResult {
  readonly success: true;
  readonly symbolName: string;
  readonly implementations: readonly ImplementationItem[];
  readonly totalCount: number;
  readonly truncated: boolean;
}

export interface CallSite {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
}

export interface CallHierarchySymbol {
  readonly name: string;
  readonly kind: SymbolKind;
  readonly nodeId?: string;
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
}

export interface CallHierarchyCall extends CallHierarchySymbol {
  /** Incoming: where the caller calls; outgoing: where the function calls the callee. */
  readonly callSites: readonly CallSite[];
  /** The next level (depth > 1). */
  readonly calls?: readonly CallHierarchyCall[];
  /** Already listed higher on this path (recursion); not followed again. */
  readonly recursive?: true;
}

export interface CallHierarchyResult {
  readonly success: true;
  readonly direction: CallDirection;
  readonly symbol: CallHierarchySymbol;
  readonly calls: readonly CallHierarchyCall[];
  /** Calls at every level listed. */
  readonly totalCalls: number;
  /** MAX_CALLS was reached; some calls were left out. */
  readonly truncated: boolean;
}

/** One name a completion offers. */
export interface CompletionItem {
  readonly name: string;
  readonly kind: CompletionKind;
  /** Its type or signature on one line, when the service gives one. */
  readonly type?: string;
  /** The module it would be imported from: not in scope yet. */
  readonly source?: string;
}

export interface SignatureItem {
  /** The whole signature, e.g. `add(a: number, b: string): number`. */
  readonly label: string;
  readonly parameters: readonly string[];
  /** The first lines of its documentation, when it has one. */
  readonly documentation?: string;
}

export interface SignatureHelpItem {
  readonly signatures: readonly SignatureItem[];
  /** Index into `signatures` of the one the call matches best. */
  readonly activeSignature: number;
  /** Index of the parameter the cursor is at, in the active signature. */
  readonly activeParameter: number;
}

export interface CompletionResult {
  readonly success: true;
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
  /** The filter applied: the `prefix` given, else the part of a name written before the cursor ('' for none). */
  readonly prefix: string;
  /** The first `limit`, best first. */
  readonly completions: readonly CompletionItem[];
  /** Names that match the prefix, listed or not. */
  readonly totalCount: number;
  readonly truncated: boolean;
  /** The service's list is not complete: a longer prefix may bring other names. */
  readonly incomplete?: true;
  /** Present when the cursor is in a call's arguments. */
  readonly signatureHelp?: SignatureHelpItem;
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

/** One file's references to a symbol, in an impact answer. */
export interface ImpactFile {
  readonly filePath: string;
  /** References in it (declarations of the symbol excluded). */
  readonly count: number;
  /** Their lines, in order (as many as the limit left room for). */
  readonly lines: readonly number[];
}

/** The references of one package (the nearest directory with a package manifest; `.` for the workspace root). */
export interface ImpactPackage {
  readonly package: string;
  readonly count: number;
  readonly files: readonly ImpactFile[];
}

/** A caller of the symbol, `depth` levels up (1: it calls the symbol itself). */
export interface ImpactCaller extends CallHierarchySymbol {
  readonly depth: number;
  readonly test: boolean;
}

export interface ImpactSymbol extends CallHierarchySymbol {
  /** Uses of the symbol (its own declarations excluded), everywhere. */
  readonly referenceCount: number;
  /** …of which in test code. */
  readonly testReferenceCount: number;
  readonly fileCount: number;
  /** Uses outside test code, by package and file. */
  readonly packages: readonly ImpactPackage[];
  /** Uses in test code, by file. */
  readonly tests: readonly ImpactFile[];
  /** Where workspace packages' entry points export it, and under which name. */
  readonly publicExports: readonly PublicApiItem[];
  readonly callers: readonly ImpactCaller[];
  /** Why there are no callers: the language server has no call hierarchy. */
  readonly callersUnavailable?: string;
  /** Some reference lines or callers were left out (the counts count every one). */
  readonly truncated: boolean;
  readonly failures?: readonly FileFailureItem[];
}

export interface ImpactResult {
  readonly success: true;
  readonly symbols: readonly ImpactSymbol[];
  /** Uses of every symbol listed, together. */
  readonly totalReferences: number;
  /** More symbols were in the range than one answer lists (MAX_IMPACT_SYMBOLS): the first ones are. */
  readonly truncated: boolean;
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
