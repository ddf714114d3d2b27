import type { SymbolKind } from '@mcp-lsp-bridge/domain';

/**
 * typescript-language-server 5.3's mapping of TypeScript's element kinds (`symbolKindsMapping`),
 * so both backends name a declaration alike: node ids start with these kinds.
 */
const KINDS = new Map<string, SymbolKind>([
  ['enum member', 'constant'],
  ['JSX attribute', 'property'],
  ['local class', 'class'],
  ['local function', 'function'],
  ['local var', 'variable'],
  ['type parameter', 'variable'],
  ['alias', 'variable'],
  ['class', 'class'],
  ['const', 'constant'],
  ['constructor', 'constructor'],
  ['enum', 'enum'],
  ['field', 'field'],
  ['file', 'file'],
  ['function', 'function'],
  ['getter', 'method'],
  ['interface', 'interface'],
  ['let', 'variable'],
  ['method', 'method'],
  ['module', 'module'],
  ['parameter', 'variable'],
  ['property', 'property'],
  ['setter', 'method'],
  ['var', 'variable'],
]);

/** Anything TypeScript adds later (or `type`, `string`, …) is a variable, as in typescript-language-server. */
export function symbolKindOf(tsKind: string): SymbolKind {
  return KINDS.get(tsKind) ?? 'variable';
}
