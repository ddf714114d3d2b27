import type { DeclarationPlace, SymbolKind } from '../model/symbols.js';
import type { CompletionAnswer, CompletionDetail, SignatureHelpAnswer } from './completions.js';
import type { QueryScope, FileOffset, SourceSpan, FileFailure } from './symbol-queries.js';

/** Where symbols are declared and used, what they are, and how they relate: the read-only questions. */
export interface SymbolNavigation {
  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]>;
  /**
   * Where workspace packages' entry points export the declarations at `declarations` (the names
   * of one symbol's declarations), before any edit; empty where the language has no such notion.
   */
  publicExports(scope: QueryScope, declarations: readonly SourceSpan[]): Promise<readonly PublicExport[]>;
  /** The declarations of the type of the symbol at `at` (the names of those declarations). */
  typeDefinitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]>;
  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer>;
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

export interface ReferencesAnswer {
  /** Where the symbol is named; which of them declare it is the domain's to decide (from its definitions). */
  readonly references: readonly SourceSpan[];
  /** Files that belong to the searched projects but could not be processed. */
  readonly failures: readonly FileFailure[];
  /** How the symbol's workspace package reaches its consumers: the domain decides which were not searched. */
  readonly packages?: PackageReachFacts | undefined;
  /**
   * Names spelled like the symbol in workspace files the service's build leaves out (gopls: a
   * build constraint) that the symbol's package reaches: not searched, and maybe uses.
   */
  readonly outsideBuild?: readonly SourceSpan[];
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
  /**
   * Whether its compiler resolves every import of the declaring package by name (of the files
   * that spell a name) to the package's source: the query then searched those files as the
   * declaring package's own. `false` when no file imports it by name.
   */
  readonly importsSource: boolean;
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
