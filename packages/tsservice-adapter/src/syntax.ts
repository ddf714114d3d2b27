import type { FileOffset } from '@mcp-lsp-bridge/domain';
import { nameAt } from '@mcp-lsp-bridge/ts-syntax';
import ts from 'typescript';

export { nameAt, namesOverlapping, namesSpelled, type NameNode } from '@mcp-lsp-bridge/ts-syntax';

export function scriptKindOf(file: string): ts.ScriptKind {
  const lower = file.toLowerCase();
  if (lower.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (lower.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(lower)) return ts.ScriptKind.JS;
  if (lower.endsWith('.json')) return ts.ScriptKind.JSON;
  return ts.ScriptKind.TS;
}

/** A syntax tree without a program: enough to find identifiers, and independent of any config. */
export function parseStandalone(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    scriptKindOf(file),
  );
}

/**
 * Where a rename really starts. On an imported name that keeps its exported name
 * (`import { foo }`, `export { foo }`, or a use of such an import), TypeScript would rename
 * only the local alias (`import { foo as bar }`); renaming "from either side" of a package
 * boundary means renaming the exported symbol, so the rename starts at its declaration.
 * A renamed import (`import { foo as bar }`) or a default import keeps TypeScript's choice.
 */
export function renameAnchor(program: ts.Program, at: FileOffset): FileOffset {
  const sourceFile = program.getSourceFile(at.path);
  const node = sourceFile === undefined ? undefined : nameAt(sourceFile, at.offset);
  if (node === undefined || !ts.isIdentifier(node)) return at;
  const checker = program.getTypeChecker();
  const start = checker.getSymbolAtLocation(node);
  let symbol = start;
  for (let depth = 0; symbol !== undefined && (symbol.flags & ts.SymbolFlags.Alias) !== 0; depth++) {
    const declaration = symbol.declarations?.[0];
    if (depth > 32 || declaration === undefined || !keepsName(declaration, node.text)) return at;
    symbol = checker.getImmediateAliasedSymbol(symbol);
  }
  if (symbol === undefined || symbol === start) return at;
  for (const declaration of symbol.declarations ?? []) {
    const name = ts.getNameOfDeclaration(declaration);
    const file = declaration.getSourceFile();
    if (name === undefined || !ts.isIdentifier(name) || name.text !== node.text || program.isSourceFileDefaultLibrary(file)) continue;
    return { path: file.fileName, offset: name.getStart(file) };
  }
  return at;
}

function keepsName(declaration: ts.Declaration, name: string): boolean {
  if (!ts.isImportSpecifier(declaration) && !ts.isExportSpecifier(declaration)) return false;
  const property = declaration.propertyName;
  return property === undefined || (ts.isIdentifier(property) && property.text === name);
}

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
