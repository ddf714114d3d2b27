import type { FileOffset } from '@mcp-lsp-bridge/domain';
import { nameAt } from '@mcp-lsp-bridge/ts-syntax';
import ts from 'typescript';

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
