import type { DeclarationPlace } from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import { nameAt } from './names.js';
import type { TypeScriptApi } from './typescript-api.js';

/** Import and export specifiers, and the other forms that name a declaration made elsewhere. */
function isAlias(ts: TypeScriptApi, node: ts.Node): boolean {
  return (
    ts.isImportSpecifier(node) ||
    ts.isExportSpecifier(node) ||
    ts.isImportClause(node) ||
    ts.isNamespaceImport(node) ||
    ts.isNamespaceExport(node) ||
    ts.isImportEqualsDeclaration(node)
  );
}

/** Declarations whose names are members of something: a class, interface, enum, type or object literal, a namespace. */
function holdsMembers(ts: TypeScriptApi, node: ts.Node): boolean {
  return (
    ts.isClassLike(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isTypeLiteralNode(node) ||
    ts.isObjectLiteralExpression(node) ||
    ts.isModuleDeclaration(node)
  );
}

/**
 * Where the declaration named at `nameStart` sits (see `DeclarationPlace`): inside any function,
 * method, accessor or arrow function it is `local`, whatever lies between; else inside a class,
 * interface, enum, type or object literal or namespace it is a `member`; else at the top of
 * the file, `exported` when it carries `export`. `undefined` when no identifier names a
 * declaration there (a quoted or computed name). `ts` is the module whose parser made `sourceFile`.
 */
export function declarationPlace(ts: TypeScriptApi, sourceFile: ts.SourceFile, nameStart: number): DeclarationPlace | undefined {
  const name = nameAt(ts, sourceFile, nameStart);
  const declaration = name?.parent;
  if (declaration === undefined || ts.isSourceFile(declaration)) return undefined;
  if (isAlias(ts, declaration)) return 'alias';
  let member = false;
  for (let node = declaration.parent as ts.Node | undefined; node !== undefined && !ts.isSourceFile(node); node = node.parent) {
    if (ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)) return 'local';
    if (holdsMembers(ts, node)) member = true;
  }
  if (member) return 'member';
  return (ts.getCombinedModifierFlags(declaration as ts.Declaration) & ts.ModifierFlags.Export) !== 0 ? 'exported' : 'top-level';
}
