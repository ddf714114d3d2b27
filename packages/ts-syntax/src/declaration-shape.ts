import type { DeclarationShape } from '@mcp-lsp-bridge/domain';
import ts = require('typescript');

type Span = { readonly start: number; readonly end: number };
type Body = NonNullable<DeclarationShape['body']>;

/** The declaration shape of `node`, or `undefined` when `node` is not one of the declarations we address. */
export function shapeOf(node: ts.Node, sf: ts.SourceFile): DeclarationShape | undefined {
  if (ts.isFunctionDeclaration(node)) return shape('function', node, sf, blockBody(node.body, sf));
  if (ts.isMethodDeclaration(node)) return shape('method', node, sf, blockBody(node.body, sf));
  if (ts.isMethodSignature(node)) return shape('method', node, sf, undefined);
  if (ts.isConstructorDeclaration(node)) return shape('constructor', node, sf, blockBody(node.body, sf));
  if (ts.isGetAccessorDeclaration(node)) return shape('get accessor', node, sf, blockBody(node.body, sf));
  if (ts.isSetAccessorDeclaration(node)) return shape('set accessor', node, sf, blockBody(node.body, sf));
  if (ts.isClassDeclaration(node)) return shape('class', node, sf, braceBody(node, sf));
  if (ts.isInterfaceDeclaration(node)) return shape('interface', node, sf, braceBody(node, sf));
  if (ts.isEnumDeclaration(node)) return shape('enum', node, sf, braceBody(node, sf));
  if (ts.isEnumMember(node)) return shape('enum member', node, sf, undefined);
  if (ts.isTypeAliasDeclaration(node)) return shape('type alias', node, sf, undefined);
  if (ts.isModuleDeclaration(node)) return namespaceShape(node, sf);
  if (ts.isVariableDeclaration(node)) return initializedShape('variable', node, sf, spanOfVariable(node, sf));
  if (ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) return initializedShape('property', node, sf, undefined);
  if (ts.isPropertySignature(node)) return shape('property', node, sf, undefined);
  return undefined;
}

/**
 * Where an offset selects `node`: its name, or for a nameless declaration (a constructor,
 * `export default function () {}`) its head, from its first modifier to the keyword.
 */
export function headOf(node: ts.Node, sf: ts.SourceFile): Span | undefined {
  const name = ts.getNameOfDeclaration(node as ts.Declaration);
  if (name !== undefined) return { start: name.getStart(sf), end: name.end };
  // Children start with the JSDoc and the modifier list (decorators included); the keyword follows.
  const keyword = node
    .getChildren(sf)
    .find((child) => child.kind !== ts.SyntaxKind.SyntaxList && !ts.isDecorator(child) && !ts.isJSDoc(child));
  return keyword === undefined ? undefined : { start: node.getStart(sf), end: keyword.end };
}

function shape(kind: string, node: ts.Node, sf: ts.SourceFile, body: Body | undefined, span?: Span): DeclarationShape {
  const name = nameText(ts.getNameOfDeclaration(node as ts.Declaration), sf);
  const { start, end } = span ?? { start: node.getStart(sf), end: node.end };
  return { kind, ...(name === undefined ? {} : { name }), start, end, ...(body === undefined ? {} : { body }) };
}

/** Strings and numbers by their value, computed names as written; binding patterns have no single name. */
function nameText(name: ts.DeclarationName | undefined, sf: ts.SourceFile): string | undefined {
  if (name === undefined || ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name)) return undefined;
  if (ts.isComputedPropertyName(name) || ts.isElementAccessExpression(name) || ts.isPropertyAccessExpression(name)) {
    return name.getText(sf);
  }
  return ts.isJsxNamespacedName(name) ? name.getText(sf) : name.text;
}

/** A variable or property: a class expression makes it a class, a function makes the function's body its body. */
function initializedShape(
  kind: string,
  node: ts.VariableDeclaration | ts.PropertyDeclaration | ts.PropertyAssignment,
  sf: ts.SourceFile,
  span: Span | undefined,
): DeclarationShape {
  const value = node.initializer === undefined ? undefined : skipParentheses(node.initializer);
  if (value !== undefined && ts.isClassExpression(value)) return shape('class', node, sf, braceBody(value, sf), span);
  if (value !== undefined && ts.isFunctionExpression(value)) return shape(kind, node, sf, blockBody(value.body, sf), span);
  if (value !== undefined && ts.isArrowFunction(value)) {
    const body = ts.isBlock(value.body)
      ? blockBody(value.body, sf)
      : { start: value.body.getStart(sf), end: value.body.end, braced: false };
    return shape(kind, node, sf, body, span);
  }
  return shape(kind, node, sf, undefined, span);
}

function skipParentheses(expression: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(expression) ? skipParentheses(expression.expression) : expression;
}

/** A variable alone in its statement is the statement (`export const f = ...;`). */
function spanOfVariable(node: ts.VariableDeclaration, sf: ts.SourceFile): Span | undefined {
  const list = node.parent;
  if (!ts.isVariableDeclarationList(list) || list.declarations.length !== 1 || !ts.isVariableStatement(list.parent)) return undefined;
  return { start: list.parent.getStart(sf), end: list.parent.end };
}

/** `namespace A.B {}` is one declaration named `A.B`, whichever of its names is asked about. */
function namespaceShape(node: ts.ModuleDeclaration, sf: ts.SourceFile): DeclarationShape {
  let outer = node;
  while (ts.isModuleDeclaration(outer.parent) && outer.parent.body === outer) outer = outer.parent;
  const names = [outer.name.text];
  let inner = outer;
  while (inner.body !== undefined && ts.isModuleDeclaration(inner.body)) {
    inner = inner.body;
    names.push(inner.name.text);
  }
  const body = inner.body === undefined ? undefined : blockBody(inner.body, sf);
  return { kind: 'namespace', name: names.join('.'), start: outer.getStart(sf), end: outer.end, ...(body === undefined ? {} : { body }) };
}

function blockBody(block: ts.Block | ts.ModuleBlock | ts.Identifier | undefined, sf: ts.SourceFile): Body | undefined {
  if (block === undefined || ts.isIdentifier(block)) return undefined;
  return { start: block.getStart(sf), end: block.end, braced: true };
}

/** The braces of a class, interface or enum: from `{` to `}` inclusive. */
function braceBody(node: ts.Node, sf: ts.SourceFile): Body | undefined {
  const children = node.getChildren(sf);
  const open = children.find((child) => child.kind === ts.SyntaxKind.OpenBraceToken);
  const close = children.findLast((child) => child.kind === ts.SyntaxKind.CloseBraceToken);
  if (open === undefined) return undefined;
  return { start: open.getStart(sf), end: close?.end ?? node.end, braced: true };
}
