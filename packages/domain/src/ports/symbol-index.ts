import type { Signal } from '../model/signal.js';
import type { DeclarationPlace, SymbolKind } from '../model/symbols.js';
import type { DiagnosticCategory } from '../rules/severity.js';
import type { ActionEdits, CodeActionQuery, CodeActionsAnswer, FormatAnswer, FormatQuery } from './code-actions.js';
import type { CompletionAnswer, CompletionDetail, SignatureHelpAnswer } from './completions.js';

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
  /**
   * Where workspace packages' entry points export the declarations at `declarations` (the names
   * of one symbol's declarations), before any edit; empty where the language has no such notion.
   */
  publicExports(scope: QueryScope, declarations: readonly SourceSpan[]): Promise<readonly PublicExport[]>;
  /** The declarations of the type of the symbol at `at` (the names of those declarations). */
  typeDefinitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]>;
  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer>;
  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo>;
  /**
   * The service's own rename locations for the symbol at `at`, across every project of the
   * workspace that can see it, as edits to `newName` with the text a location needs around the
   * name (`a as b`, `{ a: b }`), and the exact texts they were computed from. The domain decides
   * where a rename goes on from there (through re-exports) and whether it conflicts.
   */
  renameLocations(scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations>;
  /**
   * What names refer to and which errors files have, on the disk's texts and again with
   * `simulation.overlay` in place of them (the edited texts of a rename, never written):
   * the primitives the domain's rename-conflict rule is decided from.
   */
  simulateEdits(scope: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer>;
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
  /**
   * The file's symbol outline as the service gives it (LSP `textDocument/documentSymbol`,
   * TypeScript's navigation tree), in source order. Overload signatures and merged
   * declarations appear once per declaration; anonymous items (`<function>`) and import
   * aliases are left out.
   */
  outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]>;
  /**
   * The entries of `outline(path)` that hold the declaration whose name starts at `offset`, the
   * top-level one first and that declaration last, named and kinded exactly as `outline` gives
   * them, found without outlining the whole file (a declaration's node id needs only these).
   * `undefined` when the service cannot tell them that way for certain: the domain then asks
   * `outline`. Optional: a service without it is always asked `outline`.
   */
  outlineAncestry?(scope: QueryScope, path: string, offset: number): Promise<readonly OutlineStep[] | undefined>;
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
   * own matching: prefix, substring, camel case), at most `maxResults`, the best matches
   * first by the service's own measure, each with its `place` when the service can tell it.
   */
  searchSymbols(scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]>;
  /** The call hierarchy items of the function-like symbol at a position (empty if it is not callable). */
  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]>;
  /** Who calls `item`; each edge's sites are in the caller's file. */
  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]>;
  /** What `item` calls; each edge's sites are in `item`'s file. */
  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]>;
  /**
   * The type hierarchy items of the class, interface, struct or type alias at a position (its
   * declarations); empty when the symbol there is not a type.
   */
  typeItems(scope: QueryScope, at: FileOffset): Promise<readonly TypeItem[]>;
  /** The types `item` extends or implements, directly, each at its declaration (aliases and imports followed). */
  supertypes(scope: QueryScope, item: TypeItem): Promise<readonly TypeItem[]>;
  /** The types that extend or implement `item` directly, across the workspace's projects. */
  subtypes(scope: QueryScope, item: TypeItem): Promise<readonly TypeItem[]>;
  /** The fixes, refactorings and file actions the service offers over a range of a file (their edits may come later). */
  codeActions(scope: QueryScope, query: CodeActionQuery): Promise<CodeActionsAnswer>;
  /** The edits of the action `ref` names, computed again for the same query; `undefined` when it is no longer offered. */
  codeActionEdits(scope: QueryScope, query: CodeActionQuery, ref: string): Promise<ActionEdits | undefined>;
  /** The edits the service's formatter makes to a file (or a range of it) with these settings. */
  formatEdits(scope: QueryScope, query: FormatQuery): Promise<FormatAnswer>;
  /** The names a completion at `at` offers (every one the service lists; the domain filters and ranks). */
  completions(scope: QueryScope, at: FileOffset): Promise<CompletionAnswer>;
  /** The signatures and documentation of entries of a completion at `at`, by their `ref`, in order; `undefined` for one no longer offered. */
  completionDetails(scope: QueryScope, at: FileOffset, refs: readonly string[]): Promise<readonly (CompletionDetail | undefined)[]>;
  /** The signatures of the call whose arguments `at` is in; `undefined` when it is in none. */
  signatureHelp(scope: QueryScope, at: FileOffset): Promise<SignatureHelpAnswer | undefined>;
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

/** One entry of a file's outline on the way down to a declaration. */
export interface OutlineStep {
  readonly name: string;
  readonly kind: SymbolKind;
}

export interface HoverAnswer {
  /** The type signature as the service prints it, e.g. `(method) Calculator.add(a: number): number`. */
  readonly signature: string;
  /** The documentation comment and its tags, as markdown; '' when there is none. */
  readonly documentation: string;
  /** The language the signature is written in, as the server's code fence names it (`go`, `python`, `cpp`); absent: TypeScript. */
  readonly language?: string | undefined;
}

export interface SymbolMatch {
  readonly name: string;
  readonly kind: SymbolKind;
  /** The declaration's name. */
  readonly path: string;
  readonly start: number;
  readonly length: number;
  readonly containerName?: string | undefined;
  /** Where the declaration sits, which ranks it; absent when the service cannot tell (ranked as top-level). */
  readonly place?: DeclarationPlace | undefined;
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

/** A type of a type hierarchy: its whole declaration and its name, as a call item has them. */
export type TypeItem = CallItem;

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

export interface FileFailure {
  readonly path: string;
  readonly reason: string;
}

export interface ReferencesAnswer {
  /** Where the symbol is named; which of them declare it is the domain's to decide (from its definitions). */
  readonly references: readonly SourceSpan[];
  /** Files that belong to the searched projects but could not be processed. */
  readonly failures: readonly FileFailure[];
  /** How the symbol's workspace package reaches its consumers: the domain decides which were not searched. */
  readonly packages?: PackageReachFacts | undefined;
}

export type RenameInfo = { readonly canRename: true; readonly name: string } | { readonly canRename: false; readonly reason: string };

export interface TextEdit extends SourceSpan {
  readonly newText: string;
}

export interface RenameLocations {
  /** Edits in a workspace package's build output (`dist/**\/*.d.ts`) are included: the domain decides what becomes of them. */
  readonly edits: readonly TextEdit[];
  /** The text of every file an edit is in, as the edits were computed from it. */
  readonly texts: ReadonlyMap<string, string>;
  /**
   * Files of the searched projects that could not be processed (too large, unreadable) and
   * whose content spells the symbol's name: they may use it, and no edit reaches them.
   */
  readonly failures: readonly FileFailure[];
  /** The files among the edits that are a workspace package's build output, with that package. */
  readonly buildOutputs?: readonly BuildOutputFile[];
  /** How the symbol's workspace package reaches its consumers: the domain decides which could not be searched. */
  readonly packages?: PackageReachFacts | undefined;
  /** Where the declaring workspace package exports the symbol to its consumers, before the rename. */
  readonly publicExports?: readonly PublicExport[];
  /**
   * Names spelled like the symbol, where no edit reaches in the workspace's files, that the service cannot
   * resolve to any declaration: uses it cannot see (`pkg._compat.name(…)` through a module it
   * cannot follow), which a rename would leave behind.
   */
  readonly unresolved?: readonly SourceSpan[];
}

/**
 * A symbol as a workspace package's entry point (an `exports` subpath of its package.json, or
 * `types`/`main` as `.`) exports it: `exportedName` is the name its importers write, with the
 * members below it (`Square.area`), as it is before the rename.
 */
export interface PublicExport {
  readonly packageDir: string;
  readonly packageName?: string | undefined;
  /** The `exports` subpath (`.`, `./sizes`). */
  readonly entryPoint: string;
  readonly exportedName: string;
}

/** A file a workspace package's build wrote (a declaration file in its `outDir`, or one with a declaration map). */
export interface BuildOutputFile {
  readonly path: string;
  readonly packageDir: string;
  /** Its package.json name, when it has one. */
  readonly packageName?: string | undefined;
}

/**
 * The facts of a symbol declared in a workspace package about the packages that consume it
 * (depend on it), for the domain's rule of which ones a query could not search.
 */
export interface PackageReachFacts {
  /** The declaring package. */
  readonly packageDir: string;
  readonly packageName?: string | undefined;
  /** Whether it has build output (its consumers' compilers resolve an import of it there). */
  readonly built: boolean;
  /** Whether the declaration was found in that build output (every consumer then sees it). */
  readonly foundInOutput: boolean;
  /** Its consumers; none are listed when the declaration was found in its build output, or when the symbol has no name to spell. */
  readonly consumers: readonly ConsumerPackageFacts[];
}

/** A workspace package that depends on the declaring package, and what its own source files hold. */
export interface ConsumerPackageFacts {
  readonly packageDir: string;
  readonly packageName?: string | undefined;
  /** Whether one of its source files spells one of the symbol's names. */
  readonly spellsName: boolean;
  /** Whether one of its source files imports one of the names from the declaring package by its package name. */
  readonly importsName: boolean;
  /** Whether a result (a reference, an edit) is in one of its files. */
  readonly reached: boolean;
}

/**
 * A workspace package that may use a symbol (it depends on the declaring package and spells the
 * name) but that could not be searched: it sees the declaring package only through build output
 * that cannot be mapped to the declaration (no declaration map, no rootDir/outDir that leads to
 * it, or output older than the source).
 */
export interface UnreachedPackage {
  readonly packageDir: string;
  readonly packageName?: string | undefined;
  /** Why it could not be searched, for a message. */
  readonly reason: string;
}

export interface EditSimulation {
  /** The edited texts, by path; every other file is seen as it is on disk. */
  readonly overlay: ReadonlyMap<string, string>;
  /** Name sites to resolve on the disk's texts. */
  readonly before: readonly FileOffset[];
  /** Name sites to resolve with the overlay in place (offsets into the overlay's texts). */
  readonly after: readonly FileOffset[];
  /** Files whose errors to compare. */
  readonly files: readonly string[];
  /**
   * Also compare the errors of every workspace file that depends on one of the overlaid files,
   * directly or through re-exports: Go, the files of the packages that import an edited package
   * (and the edited package's other files); C and C++, the files that include an edited header
   * (or `.c` file), transitively; Python, the modules that import an edited module; TypeScript,
   * the importers of an edited module. A rename can break a file it does not edit (an interface
   * method renamed without its implementations breaks the package that assigns one to the other).
   */
  readonly dependents?: boolean;
  /**
   * Only the errors the edits add are wanted (a rename's check): `errorsBefore` may then leave
   * out every file that has no error with the overlay in place, since the edits add none there,
   * and the service need not check those files on the disk's texts at all.
   */
  readonly addedErrorsOnly?: boolean;
}

export interface SimulationAnswer {
  /**
   * For each site of `before`, the declarations its name refers to, aliases followed (an import
   * names what it imports, a shorthand property the value too), as spans of their names.
   */
  readonly referentsBefore: readonly (readonly SourceSpan[])[];
  /** The same for each site of `after`; spans in overlaid files are in the overlay's coordinates. */
  readonly referentsAfter: readonly (readonly SourceSpan[])[];
  /**
   * The errors (category `error` only) of each of `files`, of every workspace file that
   * re-exports all of one of them (`export * from`), which a rename can break without editing it,
   * and with `dependents`, of every file that depends on an overlaid one (with `addedErrorsOnly`,
   * perhaps of those alone that have errors with the overlay).
   */
  readonly errorsBefore: ReadonlyMap<string, readonly DiagnosticRecord[]>;
  /** The same files' errors with the overlay in place (overlay coordinates). */
  readonly errorsAfter: ReadonlyMap<string, readonly DiagnosticRecord[]>;
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
