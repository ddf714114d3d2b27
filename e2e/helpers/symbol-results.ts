/**
 * Issue 5's result shapes (symbol addressing and the navigation and editing tools), as the
 * contract states them; declared here rather than imported, like `results.ts`.
 */
import type { DiagnosticItem } from './results.js';

/** Where the symbol is: a position, a name in `filePath`, or a node id (exactly one). */
export interface AddressArgs {
  workspaceRoot: string;
  filePath?: string;
  line?: number;
  column?: number;
  symbol?: string;
  nodeId?: string;
}

export interface HoverResult {
  success: true;
  symbolName: string;
  signature?: string;
  documentation?: string;
  truncated?: boolean;
}

export interface DocumentSymbolItem {
  name: string;
  kind: string;
  /** Absent for an anonymous item. */
  nodeId?: string;
  line: number;
  column: number;
  endLine: number;
  overloads?: number;
  children?: DocumentSymbolItem[];
}

export interface DocumentSymbolsResult {
  success: true;
  filePath: string;
  symbols: DocumentSymbolItem[];
  totalCount: number;
}

/** A declaration named and placed: a workspace symbol, a function or type of a hierarchy. */
export interface LocatedSymbol {
  name: string;
  kind: string;
  nodeId?: string;
  filePath: string;
  line: number;
  column: number;
}

export interface WorkspaceSymbolItem extends LocatedSymbol {
  containerName?: string;
}

export interface WorkspaceSymbolsResult {
  success: true;
  query: string;
  symbols: WorkspaceSymbolItem[];
  totalCount: number;
  truncated: boolean;
  totalCountIsLowerBound?: true;
}

export interface ImplementationItem {
  filePath: string;
  line: number;
  column: number;
  codeSnippet: string;
  nodeId?: string;
  kind?: string;
}

export interface FindImplementationsResult {
  success: true;
  symbolName: string;
  implementations: ImplementationItem[];
  totalCount: number;
  truncated: boolean;
}

export interface CallSite {
  filePath: string;
  line: number;
  column: number;
}

export interface CallHierarchyCall extends LocatedSymbol {
  callSites: CallSite[];
  calls?: CallHierarchyCall[];
  recursive?: true;
}

export type CallDirection = 'incoming' | 'outgoing';

export interface CallHierarchyResult {
  success: true;
  direction: CallDirection;
  symbol: LocatedSymbol;
  calls: CallHierarchyCall[];
  totalCalls: number;
  truncated: boolean;
}

export type TypeDirection = 'supertypes' | 'subtypes' | 'both';

/** A supertype or subtype, `depth` levels from the type asked about; `types` the next level. */
export interface TypeHierarchyType extends LocatedSymbol {
  depth: number;
  types?: TypeHierarchyType[];
  recursive?: true;
}

export interface TypeHierarchyResult {
  success: true;
  direction: TypeDirection;
  symbol: LocatedSymbol;
  supertypes?: TypeHierarchyType[];
  subtypes?: TypeHierarchyType[];
  totalTypes: number;
  truncated: boolean;
}

export type ReplaceMode = 'replace-body' | 'replace-node';

export interface ReplaceSymbolBodyResult {
  success: true;
  symbolName: string;
  mode: ReplaceMode;
  nodeId?: string;
  filePath: string;
  line: number;
  endLine: number;
  linesRemoved: number;
  linesAdded: number;
  applied: boolean;
  introducedDiagnostics: DiagnosticItem[];
  /** Why the diagnostics after a completed write are missing (the call was cancelled once written). */
  diagnosticsUnavailable?: string;
}

export interface SymbolToolResults {
  hover: HoverResult;
  document_symbols: DocumentSymbolsResult;
  workspace_symbols: WorkspaceSymbolsResult;
  find_implementations: FindImplementationsResult;
  call_hierarchy: CallHierarchyResult;
  type_hierarchy: TypeHierarchyResult;
  replace_symbol_body: ReplaceSymbolBodyResult;
}

export interface SymbolToolArgs {
  hover: AddressArgs;
  document_symbols: { workspaceRoot: string; filePath: string; depth?: number; kinds?: string[] };
  workspace_symbols: { workspaceRoot: string; query: string; kinds?: string[]; limit?: number };
  find_implementations: AddressArgs & { includeNodeModules?: boolean; limit?: number };
  call_hierarchy: AddressArgs & { direction: CallDirection; depth?: number };
  type_hierarchy: AddressArgs & { direction: TypeDirection; depth?: number };
  replace_symbol_body: AddressArgs & { mode: ReplaceMode; replacement: string; dryRun?: boolean };
}

/** The tools that take a symbol address. */
export const ADDRESSED_TOOLS = [
  'find_references',
  'go_to_definition',
  'rename_symbol',
  'hover',
  'find_implementations',
  'call_hierarchy',
  'type_hierarchy',
  'replace_symbol_body',
] as const;
