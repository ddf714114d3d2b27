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
