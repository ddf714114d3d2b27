import type { SymbolKind } from '@mcp-lsp-bridge/domain';

/**
 * TypeScript's `ScriptElementKind`s as typescript-language-server 5.3 maps them to LSP symbol
 * kinds for document and workspace symbols (its `toSymbolKind`), so symbols the adapter takes
 * from tsserver directly get the kinds its outline gives (a `const` is `constant`, an enum
 * member `constant`, a getter `method`, anything else `variable`).
 */
const SCRIPT_KINDS: ReadonlyMap<string, SymbolKind> = new Map<string, SymbolKind>([
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

export function symbolKindOfScriptKind(kind: string): SymbolKind {
  return SCRIPT_KINDS.get(kind) ?? 'variable';
}
