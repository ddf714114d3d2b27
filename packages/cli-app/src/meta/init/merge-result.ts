import type { BridgeError } from '@mcp-lsp-bridge/domain/front';

/** A configuration text with one server set in it, or why the existing file was left alone. */
export type MergeResult =
  | {
      readonly text: string;
      /** `added`: the server was not there; `replaced`: it was, with another entry; `unchanged`: it was, as is. */
      readonly action: 'added' | 'replaced' | 'unchanged';
      /** The other servers the file holds, kept as they were. */
      readonly others: readonly string[];
    }
  | { readonly refusal: BridgeError };
