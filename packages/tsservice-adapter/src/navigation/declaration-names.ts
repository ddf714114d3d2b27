import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/**
 * Where the declaration that exactly covers `span` is named: TypeScript answers some queries
 * (implementations, navigate-to) with whole declarations. A span that is no declaration, or
 * one without a name (`export default class {}`, an object literal returned from a
 * function), is kept; an object literal or anonymous function assigned to a name takes that name.
 * `sourceFile` is a program's, of `api`'s compiler.
 */
export function declarationNameSpan(api: TypeScriptApi, sourceFile: ts.SourceFile, span: ts.TextSpan): ts.TextSpan {
  const node = outermostSpanning(api, sourceFile, span.start, span.start + span.length);
  if (node === undefined || api.isIdentifier(node) || api.isPrivateIdentifier(node)) return span;
  const name = nameOfDeclaration(api, node);
  if (name === undefined) return span;
  const start = name.getStart(sourceFile);
  return { start, length: name.end - start };
}

function nameOfDeclaration(api: TypeScriptApi, node: ts.Node): ts.Node | undefined {
  if (!isDeclarationLike(api, node)) return undefined;
  const name = api.getNameOfDeclaration(node);
  if (name !== undefined) return name;
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined) return undefined;
  const assigned = api.isVariableDeclaration(parent) || api.isPropertyAssignment(parent) || api.isPropertyDeclaration(parent);
  return assigned && parent.initializer === node ? parent.name : undefined;
}

function isDeclarationLike(api: TypeScriptApi, node: ts.Node): node is ts.Declaration | ts.Expression {
  return (
    api.isDeclarationStatement(node) ||
    api.isClassElement(node) ||
    api.isTypeElement(node) ||
    api.isObjectLiteralElement(node) ||
    api.isVariableDeclaration(node) ||
    api.isParameter(node) ||
    api.isBindingElement(node) ||
    api.isEnumMember(node) ||
    api.isFunctionExpression(node) ||
    api.isArrowFunction(node) ||
    api.isClassExpression(node) ||
    api.isObjectLiteralExpression(node)
  );
}

/** The outermost node whose text (trivia excluded) is exactly [start, end). */
function outermostSpanning(api: TypeScriptApi, sourceFile: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let node: ts.Node = sourceFile;
  for (;;) {
    const child = api.forEachChild(node, (c) => (c.pos <= start && c.end >= end ? c : undefined));
    if (child === undefined) return undefined;
    if (child.getStart(sourceFile) === start && child.end === end) return child;
    node = child;
  }
}
