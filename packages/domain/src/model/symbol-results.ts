import type { CompletionKind } from './completion-kinds.js';
import type { LocatedSymbol, SymbolKind } from './symbols.js';

/** What `goToDefinition`, `goToTypeDefinition`, hover, `documentSymbols`, `workspaceSymbols` and completion answer. */

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

export interface WorkspaceSymbolItem extends LocatedSymbol {
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
