import { isSymbolKind, SYMBOL_KINDS } from '@mcp-lsp-bridge/domain/front';
import { looksLikeLocation, parseLocation } from './location.js';
import { UsageError } from './usage-error.js';

/** What the `<address>` argument of a position command names, told apart by its shape. */
export type AddressText =
  | { readonly form: 'position'; readonly file: string; readonly line: number; readonly column: number }
  | { readonly form: 'node'; readonly nodeId: string }
  | { readonly form: 'file'; readonly file: string };

// `kind:path:Qualified.name`: the path may hold colons, the qualified name cannot.
const NODE_ID = /^([A-Za-z]+):(.+):([^:/\\]+)$/;

/**
 * `src/a.ts:3:14` (or tsc's `src/a.ts(3,14)`) is a position; `method:src/a.ts:A.add` a node
 * id, when its first part is one of the domain's symbol kinds; anything else a file.
 * A position wins over a node id: no qualified name is a bare number.
 */
export function classifyAddress(text: string, command: string): AddressText {
  if (looksLikeLocation(text)) return { form: 'position', ...parseLocation(text, command) };
  const kind = NODE_ID.exec(text)?.[1];
  if (kind !== undefined && isSymbolKind(kind)) return { form: 'node', nodeId: text };
  return { form: 'file', file: text };
}

/** The usage error for an address that names no symbol on its own: a bare file, a node id of an unknown kind. */
export function incompleteAddress(text: string, command: string): UsageError {
  const kind = /^([A-Za-z]+):/.exec(text)?.[1];
  let hint = '';
  if (kind !== undefined && isSymbolKind(kind)) hint = '; a node id has three parts, <kind>:<path>:<Qualified.name>';
  else if (kind !== undefined && NODE_ID.test(text)) hint = `; "${kind}" is not a symbol kind (the kinds are ${SYMBOL_KINDS.join(', ')})`;
  return new UsageError(
    `expected <file>:<line>:<col>, a node id <kind>:<path>:<name>, or <file> with --symbol <name>, got "${text}"${hint}`,
    command,
  );
}
