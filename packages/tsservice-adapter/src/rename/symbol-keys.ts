import { DECLARATION_KINDS as NAMED_DECLARATION_KINDS } from '@mcp-lsp-bridge/ts-syntax';
import ts from 'typescript';
import type { EditMap } from '@mcp-lsp-bridge/domain';

/**
 * Symbols of two programs (before and after a rename) cannot be compared by identity;
 * their declarations can, by file and start of the declaration node. Keys are in the
 * coordinates of the text AFTER the edits, so keys taken before are moved through the
 * file's edit map first. (The node start, not the name: `{ x }` becoming `{ x: y }` moves
 * a binding element's name but not its start.)
 */
export type DeclarationKey = string;

/** Declarations a name refers to: key → where the declaration's name is (same coordinates), for messages. */
export type Referred = ReadonlyMap<DeclarationKey, { readonly file: string; readonly nameOffset: number }>;

/**
 * What a name refers to: the declarations of its symbol, of the value behind a shorthand
 * property or a local export specifier, and of the target of an alias.
 */
export function referredDeclarations(
  checker: ts.TypeChecker,
  node: ts.Node | undefined,
  maps: ReadonlyMap<string, EditMap> | undefined,
): Referred {
  const referred = new Map<DeclarationKey, { file: string; nameOffset: number }>();
  if (node === undefined) return referred;
  const symbols: ts.Symbol[] = [];
  const add = (symbol: ts.Symbol | undefined): void => {
    if (symbol !== undefined && !symbols.includes(symbol)) symbols.push(symbol);
  };
  add(checker.getSymbolAtLocation(node));
  const parent = node.parent as ts.Node | undefined;
  if (parent !== undefined && ts.isShorthandPropertyAssignment(parent) && parent.name === node) {
    add(checker.getShorthandAssignmentValueSymbol(parent));
  }
  if (parent !== undefined && ts.isExportSpecifier(parent) && ts.isIdentifier(node)) {
    add(checker.getExportSpecifierLocalTargetSymbol(node));
  }
  for (const symbol of [...symbols]) {
    if ((symbol.flags & ts.SymbolFlags.Alias) !== 0) add(checker.getAliasedSymbol(symbol));
  }
  for (const symbol of symbols) {
    for (const declaration of symbol.declarations ?? []) {
      const sourceFile = declaration.getSourceFile();
      const file = sourceFile.fileName;
      const move = (offset: number): number => maps?.get(file)?.toNew(offset) ?? offset;
      const name = ts.getNameOfDeclaration(declaration) ?? declaration;
      referred.set(`${file}\0${move(declaration.getStart(sourceFile))}`, { file, nameOffset: move(name.getStart(sourceFile)) });
    }
  }
  return referred;
}

export function intersects(a: Referred, b: Referred): boolean {
  for (const key of a.keys()) if (b.has(key)) return true;
  return false;
}

export function sameKeys(a: Referred, b: Referred): boolean {
  return a.size === b.size && [...a.keys()].every((key) => b.has(key));
}

/** Is this name the name of a declaration (rather than a use)? */
export function isDeclarationName(node: ts.Node): boolean {
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined || !DECLARATION_KINDS.has(parent.kind)) return false;
  return (parent as ts.NamedDeclaration).name === node;
}

/** Import and export aliases are declarations here too: renaming through one must not capture it. */
const DECLARATION_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ...NAMED_DECLARATION_KINDS,
  ts.SyntaxKind.ImportSpecifier,
  ts.SyntaxKind.ExportSpecifier,
  ts.SyntaxKind.ImportClause,
  ts.SyntaxKind.NamespaceImport,
  ts.SyntaxKind.ImportEqualsDeclaration,
]);
