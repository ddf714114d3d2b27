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
  if (ts.isVariableDeclaration(node)) return initializedShape('variable', node, sf, statementOfVariable(node));
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

/** `spanNode`: the node whose text is the declaration's (a variable's statement), when not `node` itself. */
function shape(kind: string, node: ts.Node, sf: ts.SourceFile, body: Body | undefined, spanNode: ts.Node = node): DeclarationShape {
  const name = nameText(ts.getNameOfDeclaration(node as ts.Declaration), sf);
  const start = spanNode.getStart(sf);
  const docComment = docCommentOf(spanNode, sf);
  return {
    kind,
    ...(name === undefined ? {} : { name }),
    start,
    end: spanNode.end,
    ...(body === undefined ? {} : { body }),
    ...(docComment === undefined ? {} : { docComment }),
  };
}

/**
 * The `/** … *\/` comment right before the node, from the parser's leading comment ranges:
 * a `/**` inside a line comment (`// every file under src/**`) or a string is never taken
 * for the start of one.
 */
function docCommentOf(node: ts.Node, sf: ts.SourceFile): Span | undefined {
  const last = ts.getLeadingCommentRanges(sf.text, node.pos)?.at(-1);
  if (last?.kind !== ts.SyntaxKind.MultiLineCommentTrivia) return undefined;
  const comment = sf.text.slice(last.pos, last.end);
  // `/**/` is an empty block comment, not a doc comment (TypeScript's own JSDoc rule).
  return comment.startsWith('/**') && !comment.startsWith('/**/') ? { start: last.pos, end: last.end } : undefined;
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
  spanNode: ts.Node | undefined,
): DeclarationShape {
  const value = node.initializer === undefined ? undefined : skipParentheses(node.initializer);
  if (value !== undefined && ts.isClassExpression(value)) return shape('class', node, sf, braceBody(value, sf), spanNode);
  if (value !== undefined && ts.isFunctionExpression(value)) return shape(kind, node, sf, blockBody(value.body, sf), spanNode);
  if (value !== undefined && ts.isArrowFunction(value)) {
    const body = ts.isBlock(value.body)
      ? blockBody(value.body, sf)
      : { start: value.body.getStart(sf), end: value.body.end, braced: false };
    return shape(kind, node, sf, body, spanNode);
  }
  return shape(kind, node, sf, undefined, spanNode);
}

function skipParentheses(expression: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(expression) ? skipParentheses(expression.expression) : expression;
}

/** A variable alone in its statement is the statement (`export const f = ...;`). */
function statementOfVariable(node: ts.VariableDeclaration): ts.Node | undefined {
  const list = node.parent;
  if (!ts.isVariableDeclarationList(list) || list.declarations.length !== 1 || !ts.isVariableStatement(list.parent)) return undefined;
  return list.parent;
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
  return { ...shape('namespace', outer, sf, body), name: names.join('.') };
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
