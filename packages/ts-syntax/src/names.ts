import ts = require('typescript');

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

/** Import and export aliases name declarations too: a rename through one must not capture it. */
const ALIAS_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.ImportSpecifier,
  ts.SyntaxKind.ExportSpecifier,
  ts.SyntaxKind.ImportClause,
  ts.SyntaxKind.NamespaceImport,
  ts.SyntaxKind.ImportEqualsDeclaration,
]);

/** Is this name the name of a declaration (an import or export alias included) rather than a use? */
export function isDeclarationName(node: ts.Node): boolean {
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined || (!DECLARATION_KINDS.has(parent.kind) && !ALIAS_KINDS.has(parent.kind))) return false;
  return (parent as ts.NamedDeclaration).name === node;
}

/** `import { a }` / `export { a }`: the specifier's only name, which passes a module's name through unchanged. */
export function plainSpecifierOf(node: NameNode): 'import' | 'export' | undefined {
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined || (!ts.isImportSpecifier(parent) && !ts.isExportSpecifier(parent)) || parent.name !== node) return undefined;
  const property = parent.propertyName;
  if (property !== undefined && !(ts.isIdentifier(property) && property.text === node.text)) return undefined;
  return ts.isImportSpecifier(parent) ? 'import' : 'export';
}
