import type { SymbolKind } from '../model/symbols.js';

/**
 * A type in a type hierarchy: a class, an interface (or a server's struct, record, protocol),
 * named where it is declared. The shape of a call item: what a hierarchy is asked from again.
 */
export interface TypeItem {
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
