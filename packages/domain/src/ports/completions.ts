import type { CompletionKind } from '../model/completion-kinds.js';

/**
 * What an editor offers at a cursor: the names that can be written there (LSP
 * `textDocument/completion`, TypeScript's `getCompletionsAtPosition`), their signatures on
 * request, and the signatures of the call whose arguments the cursor is in.
 */

/** One name a completion offers, as the service has it; the domain filters, ranks and cuts. */
export interface CompletionEntry {
  /** The name as written (a label without its signature). */
  readonly name: string;
  /** LSP's CompletionItemKind, as a lower camel case name (`method`, `property`, `enumMember`). */
  readonly kind: CompletionKind;
  /** The service's own rank (LSP `sortText`, TypeScript's `sortText`): smaller first. */
  readonly sortText: string;
  /** What the service says of it up front (a type, a signature), when it does without being asked. */
  readonly detail?: string | undefined;
  /** Where it would be imported from, for a name not in scope yet. */
  readonly source?: string | undefined;
  /** What finds the entry again for its details (`completionDetails`): opaque to the domain. */
  readonly ref: string;
}

export interface CompletionAnswer {
  readonly entries: readonly CompletionEntry[];
  /** The service said its list is not complete (typing more would bring others). */
  readonly incomplete: boolean;
}

/** What the service says of one entry when asked. */
export interface CompletionDetail {
  /** Its type or signature as the service prints it (may span lines). */
  readonly signature?: string | undefined;
  /** Its documentation, as markdown or plain text; absent when there is none. */
  readonly documentation?: string | undefined;
}

export interface SignatureParameter {
  /** The parameter as the signature prints it (`b: string`, `int a`). */
  readonly label: string;
}

export interface SignatureInformation {
  /** The whole signature (`add(a: number, b: string): number`). */
  readonly label: string;
  readonly parameters: readonly SignatureParameter[];
  readonly documentation?: string | undefined;
  /** The parameter the cursor is at for this signature, when the service says so per signature. */
  readonly activeParameter?: number | undefined;
}

export interface SignatureHelpAnswer {
  readonly signatures: readonly SignatureInformation[];
  /** Index into `signatures` of the one the call matches best. */
  readonly activeSignature: number;
  /** Index of the parameter the cursor is at (of the active signature). */
  readonly activeParameter: number;
}
