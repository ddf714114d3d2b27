import ts = require('typescript');
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

/**
 * The symbol kind typescript-language-server gives a declaration of a standalone parse:
 * TypeScript's element kind of the node (`getNodeKind` of its services, for the declarations
 * an outline, a symbol search or a call hierarchy lists), mapped like every other element
 * kind. For servers that name kinds their own way (TypeScript 7's native server says
 * `namespace` for a module, `class` for a type alias), so node ids agree across backends.
 * `undefined` for a node that is no such declaration.
 */
export function symbolKindOfDeclaration(node: ts.Node): SymbolKind | undefined {
  const kind = elementKindOf(node);
  return kind === undefined ? undefined : symbolKindOfScriptElement(kind);
}

function elementKindOf(node: ts.Node): string | undefined {
  const k = ts.SyntaxKind;
  switch (node.kind) {
    case k.ModuleDeclaration:
      return 'module';
    case k.ClassDeclaration:
    case k.ClassExpression:
      return 'class';
    case k.InterfaceDeclaration:
      return 'interface';
    case k.TypeAliasDeclaration:
      return 'type';
    case k.EnumDeclaration:
      return 'enum';
    case k.VariableDeclaration:
      return variableKind(node);
    case k.BindingElement:
      return variableKind(rootDeclaration(node));
    case k.ArrowFunction:
    case k.FunctionDeclaration:
    case k.FunctionExpression:
      return 'function';
    case k.GetAccessor:
      return 'getter';
    case k.SetAccessor:
      return 'setter';
    case k.MethodDeclaration:
    case k.MethodSignature:
      return 'method';
    case k.PropertyAssignment:
      return ts.isFunctionLike((node as ts.PropertyAssignment).initializer) ? 'method' : 'property';
    case k.PropertyDeclaration:
    case k.PropertySignature:
    case k.ShorthandPropertyAssignment:
    case k.SpreadAssignment:
      return 'property';
    case k.Constructor:
    case k.ClassStaticBlockDeclaration:
      return 'constructor';
    case k.TypeParameter:
      return 'type parameter';
    case k.EnumMember:
      return 'enum member';
    case k.Parameter:
      return ts.isParameterPropertyDeclaration(node, node.parent) ? 'property' : 'parameter';
    default:
      return undefined;
  }
}

/** `const` (and `using`), `let`, or `var`, as TypeScript names a variable's element kind. */
function variableKind(declaration: ts.Node): string {
  const list = declaration.parent as ts.Node | undefined;
  if (list === undefined || !ts.isVariableDeclarationList(list)) return 'var';
  if ((list.flags & ts.NodeFlags.Const) !== 0 || (list.flags & ts.NodeFlags.Using) !== 0) return 'const';
  return (list.flags & ts.NodeFlags.Let) !== 0 ? 'let' : 'var';
}

/** The declaration a binding element destructures from (a variable or a parameter). */
function rootDeclaration(node: ts.Node): ts.Node {
  let current = node;
  while (ts.isBindingElement(current) || ts.isObjectBindingPattern(current) || ts.isArrayBindingPattern(current)) current = current.parent;
  return current;
}
