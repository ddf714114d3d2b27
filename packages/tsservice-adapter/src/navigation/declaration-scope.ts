import ts = require('typescript');

const LOCAL_KINDS = new Set([
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.BindingElement,
  ts.SyntaxKind.TypeParameter,
]);

/**
 * A declaration no other file can name: it lives in a function or block scope. (A member or
 * a module-level declaration can be reached from elsewhere; a parameter property is a member.)
 */
export function isLocalDeclaration(declaration: ts.Node): boolean {
  if (!LOCAL_KINDS.has(declaration.kind)) return false;
  if (ts.isParameter(declaration) && ts.isParameterPropertyDeclaration(declaration, declaration.parent)) return false;
  for (let node: ts.Node | undefined = declaration.parent; node !== undefined; node = node.parent as ts.Node | undefined) {
    if (ts.isSourceFile(node) || ts.isModuleBlock(node)) return false;
    if (ts.isFunctionLike(node) || ts.isBlock(node) || ts.isClassStaticBlockDeclaration(node) || ts.isCatchClause(node)) return true;
  }
  return false;
}

/** `export default …` or `export =`: importers choose their own name for it. */
export function isDefaultExport(declaration: ts.Node): boolean {
  if (ts.isExportAssignment(declaration)) return true;
  return ts.canHaveModifiers(declaration) && (ts.getModifiers(declaration) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
}
