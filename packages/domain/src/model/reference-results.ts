import type { PublicApiItem } from './edit-results.js';
import type { CallDirection, TypeDirection } from './inputs.js';
import type { LocatedSymbol, SymbolKind } from './symbols.js';

/** What `findReferences`, `findImplementations`, `callHierarchy`, `typeHierarchy` and impact answer: places a symbol is used, and by whom. */

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

/** A function of a call hierarchy (the one asked about, a caller or a callee). */
export type CallHierarchySymbol = LocatedSymbol;

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

/** A type of a type hierarchy (the type asked about, or a supertype or subtype of it). */
export type TypeHierarchySymbol = LocatedSymbol;

export interface TypeHierarchyType extends TypeHierarchySymbol {
  /** 1 for a direct supertype or subtype, 2 for one of its own, and so on. */
  readonly depth: number;
  /** The next level, in the same direction (depth > 1). */
  readonly types?: readonly TypeHierarchyType[];
  /** Already listed higher on this path (a cycle, which only broken code has); not followed again. */
  readonly recursive?: true;
}

export interface TypeHierarchyResult {
  readonly success: true;
  readonly direction: TypeDirection;
  readonly symbol: TypeHierarchySymbol;
  /** What the type extends or implements (direction `supertypes` or `both`). */
  readonly supertypes?: readonly TypeHierarchyType[];
  /** What extends or implements the type (direction `subtypes` or `both`). */
  readonly subtypes?: readonly TypeHierarchyType[];
  /** Types at every level and in both directions listed. */
  readonly totalTypes: number;
  /** MAX_TYPES was reached; some types were left out. */
  readonly truncated: boolean;
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
export interface ImpactCaller extends LocatedSymbol {
  readonly depth: number;
  readonly test: boolean;
}

export interface ImpactSymbol extends LocatedSymbol {
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
