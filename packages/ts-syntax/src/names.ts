import type ts from 'typescript';
import { isCommonJsExportAlias, isCommonJsImportAlias } from './commonjs.js';
import { perTypeScript, type TypeScriptApi } from './typescript-api.js';

/*
 * Name walkers over a syntax tree. Each takes the TypeScript module that made the tree: a
 * program of the project's own compiler numbers its syntax kinds its own way.
 */

/** A name as the parser sees it: an identifier, or a `#private` one. */
export type NameNode = ts.Identifier | ts.PrivateIdentifier;

/**
 * Identifier and private-identifier nodes overlapping [start, end); never words in comments, strings or JSDoc.
 * Siblings are sorted by position, so a list of them is entered by binary search: a lookup in a
 * file of 300,000 statements visits a few dozen nodes, not every statement (callers ask once per symbol).
 */
export function namesOverlapping(api: TypeScriptApi, sourceFile: ts.SourceFile, start: number, end: number): NameNode[] {
  const found: NameNode[] = [];
  const visit = (node: ts.Node): void => {
    if (node.pos >= end || node.end <= start) return;
    if (api.isIdentifier(node) || api.isPrivateIdentifier(node)) {
      const nodeStart = node.getStart(sourceFile);
      if (nodeStart < end && node.end > start) found.push(node);
      return;
    }
    api.forEachChild(node, visit, visitList);
  };
  const visitList = (nodes: ts.NodeArray<ts.Node>): void => {
    for (let i = firstEndingAfter(nodes, start); i < nodes.length; i++) {
      const node = nodes[i] as ts.Node;
      if (node.pos >= end) return;
      visit(node);
    }
  };
  api.forEachChild(sourceFile, visit, visitList);
  return found;
}

/** The index of the first node of a position-sorted list that ends after `offset`. */
function firstEndingAfter(nodes: ts.NodeArray<ts.Node>, offset: number): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((nodes[mid] as ts.Node).end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The name containing `offset`, or the one ending exactly there. */
export function nameAt(api: TypeScriptApi, sourceFile: ts.SourceFile, offset: number): NameNode | undefined {
  return (
    namesOverlapping(api, sourceFile, offset, offset + 1)[0] ??
    namesOverlapping(api, sourceFile, offset - 1, offset).find((n) => n.end === offset)
  );
}

/** Every identifier spelled `name` in the file. */
export function namesSpelled(api: TypeScriptApi, sourceFile: ts.SourceFile, name: string): NameNode[] {
  const found: NameNode[] = [];
  const visit = (node: ts.Node): void => {
    if ((api.isIdentifier(node) || api.isPrivateIdentifier(node)) && node.text === name) found.push(node);
    else api.forEachChild(node, visit);
  };
  api.forEachChild(sourceFile, visit);
  return found;
}

/** Declarations whose `name` names them (import and export aliases not included), in `api`'s numbering. */
export const declarationKinds = perTypeScript((api): ReadonlySet<ts.SyntaxKind> => {
  const k = api.SyntaxKind;
  return new Set([
    k.VariableDeclaration,
    k.FunctionDeclaration,
    k.FunctionExpression,
    k.ClassDeclaration,
    k.ClassExpression,
    k.InterfaceDeclaration,
    k.TypeAliasDeclaration,
    k.EnumDeclaration,
    k.EnumMember,
    k.ModuleDeclaration,
    k.Parameter,
    k.TypeParameter,
    k.PropertyDeclaration,
    k.PropertySignature,
    k.MethodDeclaration,
    k.MethodSignature,
    k.GetAccessor,
    k.SetAccessor,
    k.PropertyAssignment,
    k.ShorthandPropertyAssignment,
    k.BindingElement,
  ]);
});

/** Import and export aliases name declarations too: a rename through one must not capture it. */
function isAliasDeclaration(api: TypeScriptApi, node: ts.Node): boolean {
  return (
    api.isImportSpecifier(node) ||
    api.isExportSpecifier(node) ||
    api.isImportClause(node) ||
    api.isNamespaceImport(node) ||
    api.isImportEqualsDeclaration(node)
  );
}

/** Is this name the name of a declaration (an import or export alias included) rather than a use? */
export function isDeclarationName(api: TypeScriptApi, node: ts.Node): boolean {
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined || (!declarationKinds(api).has(parent.kind) && !isAliasDeclaration(api, parent))) return false;
  return (parent as ts.NamedDeclaration).name === node;
}

/**
 * `import { a }` / `export { a }`: the specifier's only name, which passes a module's name through
 * unchanged; and their CommonJS counterparts, which TypeScript binds as the same aliases: a
 * member of `module.exports = { a, b }` (an export) and `const { a } = require('./m')` (an import).
 */
export function plainSpecifierOf(api: TypeScriptApi, node: NameNode): 'import' | 'export' | undefined {
  if (isCommonJsExportAlias(api, node)) return 'export';
  if (isCommonJsImportAlias(api, node)) return 'import';
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined || (!api.isImportSpecifier(parent) && !api.isExportSpecifier(parent)) || parent.name !== node) return undefined;
  const property = parent.propertyName;
  if (property !== undefined && !(api.isIdentifier(property) && property.text === node.text)) return undefined;
  return api.isImportSpecifier(parent) ? 'import' : 'export';
}
