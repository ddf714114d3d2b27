import type { SymbolKind } from '@mcp-lsp-bridge/domain';

/**
 * TypeScript's element kinds (`ScriptElementKind`: navigation tree, navigate-to, call hierarchy)
 * as typescript-language-server 5.3 maps them to symbol kinds (its `symbolKindsMapping`), so
 * every backend names a declaration alike: node ids start with these kinds.
 */
const KINDS: ReadonlyMap<string, SymbolKind> = new Map<string, SymbolKind>([
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

/** Anything else (`type`, `string`, a kind TypeScript adds later) is a variable, as in typescript-language-server. */
export function symbolKindOfScriptElement(tsKind: string): SymbolKind {
  return KINDS.get(tsKind) ?? 'variable';
}
