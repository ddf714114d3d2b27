import ts from 'typescript';

/** A name as the parser sees it: an identifier, or a `#private` one. */
export type NameNode = ts.Identifier | ts.PrivateIdentifier;

/** Identifier and private-identifier nodes overlapping [start, end); never words in comments, strings or JSDoc. */
export function namesOverlapping(sourceFile: ts.SourceFile, start: number, end: number): NameNode[] {
  const found: NameNode[] = [];
  const visit = (node: ts.Node): void => {
    if (node.pos >= end || node.end <= start) return;
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      const nodeStart = node.getStart(sourceFile);
      if (nodeStart < end && node.end > start) found.push(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}

/** The name containing `offset`, or the one ending exactly there. */
export function nameAt(sourceFile: ts.SourceFile, offset: number): NameNode | undefined {
  return (
    namesOverlapping(sourceFile, offset, offset + 1)[0] ?? namesOverlapping(sourceFile, offset - 1, offset).find((n) => n.end === offset)
  );
}

/** Every identifier spelled `name` in the file. */
export function namesSpelled(sourceFile: ts.SourceFile, name: string): NameNode[] {
  const found: NameNode[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.text === name) found.push(node);
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}

/** Declarations whose `name` names them (import and export aliases not included). */
export const DECLARATION_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.EnumMember,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.TypeParameter,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.ShorthandPropertyAssignment,
  ts.SyntaxKind.BindingElement,
]);
