import ts = require('typescript');

/**
 * Where the declaration that exactly covers `span` is named: TypeScript answers some queries
 * (implementations, navigate-to) with whole declarations. A span that is no declaration, or
 * one without a name (`export default class {}`, an object literal returned from a
 * function), is kept; an object literal or anonymous function assigned to a name takes that name.
 */
export function declarationNameSpan(sourceFile: ts.SourceFile, span: ts.TextSpan): ts.TextSpan {
  const node = outermostSpanning(sourceFile, span.start, span.start + span.length);
  if (node === undefined || ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return span;
  const name = nameOfDeclaration(node);
  if (name === undefined) return span;
  const start = name.getStart(sourceFile);
  return { start, length: name.end - start };
}

function nameOfDeclaration(node: ts.Node): ts.Node | undefined {
  if (!isDeclarationLike(node)) return undefined;
  const name = ts.getNameOfDeclaration(node);
  if (name !== undefined) return name;
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined) return undefined;
  const assigned = ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent);
  return assigned && parent.initializer === node ? parent.name : undefined;
}

function isDeclarationLike(node: ts.Node): node is ts.Declaration | ts.Expression {
  return (
    ts.isDeclarationStatement(node) ||
    ts.isClassElement(node) ||
    ts.isTypeElement(node) ||
    ts.isObjectLiteralElement(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isParameter(node) ||
    ts.isBindingElement(node) ||
    ts.isEnumMember(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isClassExpression(node) ||
    ts.isObjectLiteralExpression(node)
  );
}

/** The outermost node whose text (trivia excluded) is exactly [start, end). */
function outermostSpanning(sourceFile: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let node: ts.Node = sourceFile;
  for (;;) {
    const child = ts.forEachChild(node, (c) => (c.pos <= start && c.end >= end ? c : undefined));
    if (child === undefined) return undefined;
    if (child.getStart(sourceFile) === start && child.end === end) return child;
    node = child;
  }
}
