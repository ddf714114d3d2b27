import { quoted } from './brief-text.js';
import { isSymbolKind, SYMBOL_KINDS, type SymbolKind } from '../model/symbols.js';

/** A node id names a declaration without a position: `kind:path:Qualified.name`. */
export interface NodeIdParts {
  readonly kind: SymbolKind;
  /** Relative to the workspace root, `/`-separated. */
  readonly path: string;
  readonly qualifiedName: string;
}

export function formatNodeId(parts: NodeIdParts): string {
  return `${parts.kind}:${parts.path}:${parts.qualifiedName}`;
}

/**
 * Whether a declaration can have a node id: every segment of its qualified name is a name
 * (no spaces, colons or brackets). Anonymous items a service names for display
 * (`<function>`, `items.map() callback`) and their children get none, since a node id must
 * parse back to the declaration it was given for.
 */
export function isAddressableName(qualifiedName: string): boolean {
  return qualifiedName.split('.').every((segment) => /^[^\s:()<>]+$/u.test(segment));
}

/**
 * The longest node id a result gives: a declaration whose id would be longer (a generated
 * property name of a megabyte) is addressed by its position instead, so no answer repeats it.
 */
export const MAX_NODE_ID_LENGTH = 1_000;

/** The node id of a declaration, or `undefined` when its name cannot be addressed. */
export function nodeIdOf(parts: NodeIdParts): string | undefined {
  const length = parts.kind.length + parts.path.length + parts.qualifiedName.length + 2;
  return length <= MAX_NODE_ID_LENGTH && isAddressableName(parts.qualifiedName) ? formatNodeId(parts) : undefined;
}

export const NODE_ID_EXAMPLE = 'method:src/Calculator.ts:Calculator.add';

/**
 * The parts of a node id, or why it is not one. The kind ends at the first `:` and the
 * qualified name starts after the last, so the path may itself hold colons.
 */
export function parseNodeId(text: string): NodeIdParts | { readonly problem: string } {
  const first = text.indexOf(':');
  const last = text.lastIndexOf(':');
  if (first < 0 || last === first) {
    return { problem: `${quoted(text)} is not a node id: expected kind:path:Qualified.name, e.g. "${NODE_ID_EXAMPLE}"` };
  }
  const kind = text.slice(0, first);
  const path = text.slice(first + 1, last);
  const qualifiedName = text.slice(last + 1);
  if (!isSymbolKind(kind)) {
    return { problem: `${quoted(kind)} in node id ${quoted(text)} is not a symbol kind; kinds are: ${SYMBOL_KINDS.join(', ')}` };
  }
  if (path.trim() === '') return { problem: `Node id ${quoted(text)} has no file path between its kind and its name` };
  if (qualifiedName === '' || qualifiedName.split('.').some((segment) => segment === '')) {
    return { problem: `Node id ${quoted(text)} has no valid qualified name after its last ":"` };
  }
  return { kind, path, qualifiedName };
}
