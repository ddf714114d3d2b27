import {
  BUNDLED_TYPESCRIPT as ts,
  declarationKinds,
  nameAt as nameIn,
  namesOverlapping as namesOverlappingIn,
  namesSpelled as namesSpelledIn,
  type NameNode,
} from '@mcp-lsp-bridge/ts-syntax';
import { isJavaScriptFile } from '@mcp-lsp-bridge/ts-workspace';
import type TS from 'typescript';

/**
 * What the adapter needs to know about TypeScript and JavaScript syntax, from the parser
 * alone (no program, no config): where identifiers are, which of them name declarations,
 * and which declarations of one container merge. The language server answers every
 * question about meaning; this answers only questions about the shape of the text.
 */

export type { NameNode } from '@mcp-lsp-bridge/ts-syntax';

// The adapter's trees are standalone parses (the workspace's syntax cache): the bundled parser's.
export const nameAt = (sourceFile: TS.SourceFile, offset: number): NameNode | undefined => nameIn(ts, sourceFile, offset);
export const namesOverlapping = (sourceFile: TS.SourceFile, start: number, end: number): NameNode[] =>
  namesOverlappingIn(ts, sourceFile, start, end);
export const namesSpelled = (sourceFile: TS.SourceFile, name: string): NameNode[] => namesSpelledIn(ts, sourceFile, name);

/**
 * Whether `start`–`end` is the expression of a spread in an object literal that is not a plain
 * name (`{ ...a.b }`): TypeScript 7's outline names its item by the expression's text, while
 * TypeScript 5's navigation tree calls it `<unknown>` (left out by every backend). A spread of a
 * name (`{ ...a }`) is an item named by it on both.
 */
export function isSpreadOfExpression(sourceFile: TS.SourceFile, start: number, end: number): boolean {
  for (let node: TS.Node | undefined = nameAt(sourceFile, start); node !== undefined && node.end <= end; node = node.parent) {
    const parent = node.parent as TS.Node | undefined;
    if (parent !== undefined && ts.isSpreadAssignment(parent) && parent.expression === node) {
      return node.getStart(sourceFile) === start && node.end === end && !ts.isIdentifier(node);
    }
  }
  return false;
}

/** Import and export specifiers, import clauses and the like: they name an alias, not the symbol. */
export function isAliasDeclarationName(node: TS.Node): boolean {
  const parent = node.parent as TS.Node | undefined;
  if (parent === undefined) return false;
  return (
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent) ||
    ts.isNamespaceExport(parent) ||
    ts.isImportEqualsDeclaration(parent)
  );
}

/** The declaration this name names (not an alias); `undefined` for a use. */
export function declarationOfName(node: TS.Node): TS.Node | undefined {
  if (isAliasDeclarationName(node)) return undefined;
  const parent = node.parent as TS.Node | undefined;
  if (parent === undefined) return undefined;
  if (declarationKinds(ts).has(parent.kind) && (parent as TS.NamedDeclaration).name === node) return parent;
  // CommonJS and `this.x =` assignments declare properties in JavaScript.
  if (ts.isPropertyAccessExpression(parent) && parent.name === node && ts.isBinaryExpression(parent.parent)) {
    const assignment = parent.parent;
    if (
      assignment.left === parent &&
      assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      isJavaScriptFile(node.getSourceFile().fileName)
    )
      return assignment;
  }
  return undefined;
}

/** Kinds whose same-named declarations in one container are one symbol (overloads, merging). */
const MERGING_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.Constructor,
]);

export interface NameSpan {
  readonly start: number;
  readonly length: number;
}

/**
 * The declaration names that merge with the declaration named at `offset`: the overload
 * signatures and implementation of a function or method, and the functions, classes,
 * interfaces, enums and namespaces of the same name in the same container. A language
 * server's "definition" names only the matching overload; the contract wants them all.
 */
export function mergedDeclarationNames(sourceFile: TS.SourceFile, offset: number): NameSpan[] {
  const node = nameAt(sourceFile, offset);
  if (node === undefined || !ts.isIdentifier(node)) return [];
  const declaration = declarationOfName(node);
  if (declaration === undefined || !MERGING_KINDS.has(declaration.kind)) return [];
  const container = declaration.parent as TS.Node | undefined;
  if (container === undefined) return [];
  const spans: NameSpan[] = [];
  const siblings =
    ts.isSourceFile(container) || ts.isBlock(container) || ts.isModuleBlock(container) ? container.statements : membersOf(container);
  for (const sibling of siblings) {
    if (!MERGING_KINDS.has(sibling.kind)) continue;
    const name = (sibling as TS.NamedDeclaration).name;
    if (name === undefined || !ts.isIdentifier(name) || name.text !== node.text) continue;
    const start = name.getStart(sourceFile);
    spans.push({ start, length: name.end - start });
  }
  return spans;
}

function membersOf(container: TS.Node): readonly TS.Node[] {
  if (ts.isClassLike(container) || ts.isInterfaceDeclaration(container) || ts.isTypeLiteralNode(container)) return container.members;
  return [];
}

/**
 * The name of the declaration spanning [start, end) that is spelled `name`: the first
 * declaration name of that spelling inside the range (a decorator or a type annotation may
 * spell it before), else the first identifier of that spelling.
 */
export function nameSpelledIn(sourceFile: TS.SourceFile, start: number, end: number, name: string): NameSpan | undefined {
  const inside = namesOverlapping(sourceFile, start, end).filter(
    (node) => node.text === name && node.getStart(sourceFile) >= start && node.end <= end,
  );
  const node = inside.find((n) => declarationOfName(n) !== undefined) ?? inside[0];
  if (node === undefined) return undefined;
  const nodeStart = node.getStart(sourceFile);
  return { start: nodeStart, length: node.end - nodeStart };
}

/**
 * Whether the declaration at `offset` is one the checker reports unused under
 * `noUnusedParameters`: a parameter (not a parameter property, which is a member) or a type
 * parameter, its name or a pattern destructuring it.
 */
export function governsAsParameter(sourceFile: TS.SourceFile, offset: number): boolean {
  for (let node: TS.Node | undefined = innermostAt(sourceFile, offset); node !== undefined; node = node.parent as TS.Node | undefined) {
    if (ts.isTypeParameterDeclaration(node)) return true;
    if (ts.isParameter(node)) return !ts.isParameterPropertyDeclaration(node, node.parent);
    if (ts.isFunctionLike(node) || ts.isBlock(node) || ts.isSourceFile(node) || ts.isClassLike(node)) return false;
  }
  return false;
}

/** The innermost node whose text (trivia excluded) holds `offset`. */
function innermostAt(sourceFile: TS.SourceFile, offset: number): TS.Node | undefined {
  let found: TS.Node | undefined;
  const visit = (node: TS.Node): void => {
    if (offset < node.getStart(sourceFile) || offset >= node.end) return;
    found = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}
