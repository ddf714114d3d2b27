import type { SymbolKind, TypeItem } from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import { nameAt } from './names.js';
import type { TypeScriptApi } from './typescript-api.js';

/** A declaration that has a place in a type hierarchy: a class, an interface or a type alias. */
export type TypeDeclaration = ts.ClassLikeDeclaration | ts.InterfaceDeclaration | ts.TypeAliasDeclaration;

/** A type declaration's extent and name, as a hierarchy item has them (offsets into its file). */
export type TypeDeclarationSpan = Omit<TypeItem, 'path'>;

/** The class, interface or type alias whose name is at `offset` (not a use of the name elsewhere). */
export function typeDeclarationNamedAt(api: TypeScriptApi, sourceFile: ts.SourceFile, offset: number): TypeDeclaration | undefined {
  const name = nameAt(api, sourceFile, offset);
  const declaration = name?.parent;
  if (declaration === undefined || !isTypeDeclaration(api, declaration)) return undefined;
  return declaration.name === name ? declaration : undefined;
}

/**
 * Where a type declaration is and what it is called. A type alias is a `variable`, as
 * typescript-language-server names it (TypeScript's element kind `type`), so node ids agree.
 */
export function typeDeclarationSpan(api: TypeScriptApi, declaration: TypeDeclaration): TypeDeclarationSpan | undefined {
  const name = declaration.name;
  if (name === undefined) return undefined;
  const sourceFile = declaration.getSourceFile();
  const start = declaration.getStart(sourceFile);
  const nameStart = name.getStart(sourceFile);
  const kind: SymbolKind = api.isInterfaceDeclaration(declaration)
    ? 'interface'
    : api.isTypeAliasDeclaration(declaration)
      ? 'variable'
      : 'class';
  return { name: name.text, kind, start, length: declaration.end - start, nameStart, nameLength: name.end - nameStart };
}

/**
 * The names of what a class or interface extends or implements, as its heritage clauses write
 * them: `Base` of `extends Base<T>`, `Shape` of `implements geometry.Shape`. An expression that
 * is not a (qualified) name, `extends mixin(Base)`, names no type of its own and is left out.
 */
export function heritageNames(api: TypeScriptApi, declaration: TypeDeclaration): ts.Identifier[] {
  if (api.isTypeAliasDeclaration(declaration)) return [];
  return (declaration.heritageClauses ?? []).flatMap((clause) =>
    clause.types.flatMap((type) => {
      const expression = type.expression;
      if (api.isIdentifier(expression)) return [expression];
      if (api.isPropertyAccessExpression(expression) && api.isIdentifier(expression.name)) return [expression.name];
      return [];
    }),
  );
}

/**
 * The class or interface whose heritage clause names, at `offset`, what it extends or implements
 * (`Square` for `Base` in `class Square extends Base`, or in `extends shapes.Base`). A name in the
 * clause's type arguments (`extends Box<Shape>`) or in a call (`extends mixin(Base)`) is a use,
 * not a supertype: undefined, as anywhere else.
 */
export function heritageOwnerAt(api: TypeScriptApi, sourceFile: ts.SourceFile, offset: number): TypeDeclaration | undefined {
  const name = nameAt(api, sourceFile, offset);
  if (name === undefined) return undefined;
  const parent = name.parent;
  const expression = api.isPropertyAccessExpression(parent) && parent.name === name ? parent : name;
  const written = expression.parent;
  if (!api.isExpressionWithTypeArguments(written) || written.expression !== expression) return undefined;
  const clause = written.parent;
  return api.isHeritageClause(clause) ? clause.parent : undefined;
}

function isTypeDeclaration(api: TypeScriptApi, node: ts.Node): node is TypeDeclaration {
  return (
    api.isClassDeclaration(node) || api.isClassExpression(node) || api.isInterfaceDeclaration(node) || api.isTypeAliasDeclaration(node)
  );
}
