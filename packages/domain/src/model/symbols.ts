/**
 * Symbol kinds, named as LSP's `SymbolKind` names them (lower camel case). Adapters map
 * their service's kinds onto these; node ids start with one (`method:src/a.ts:A.m`).
 */
export const SYMBOL_KINDS = [
  'file',
  'module',
  'namespace',
  'package',
  'class',
  'method',
  'property',
  'field',
  'constructor',
  'enum',
  'interface',
  'function',
  'variable',
  'constant',
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'key',
  'null',
  'enumMember',
  'struct',
  'event',
  'operator',
  'typeParameter',
] as const;

export type SymbolKind = (typeof SYMBOL_KINDS)[number];

export function isSymbolKind(text: string): text is SymbolKind {
  return (SYMBOL_KINDS as readonly string[]).includes(text);
}

/**
 * A declaration as results name and place it (a workspace symbol, a function of a call
 * hierarchy, a type of a type hierarchy, a symbol of an impact answer): at its name, with the
 * node id the next call can address when its file's outline has it.
 */
export interface LocatedSymbol {
  readonly name: string;
  readonly kind: SymbolKind;
  readonly nodeId?: string;
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Where a declaration sits in its file, as the parser tells: `exported` at the top of a file
 * with an export modifier (or as its default export); `top-level` at the top of a file
 * without one; `member` in a class, interface, enum, type or object literal, or a namespace;
 * `local` inside a function, method, accessor or initializer (parameters included); `alias`
 * an import or export specifier that names a declaration made elsewhere (a re-export).
 */
export type DeclarationPlace = 'exported' | 'top-level' | 'member' | 'local' | 'alias';
