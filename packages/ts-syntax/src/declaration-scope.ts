import { perTypeScript, type TypeScriptApi } from './typescript-api.js';
import type ts from 'typescript';

const localKinds = perTypeScript((api): ReadonlySet<ts.SyntaxKind> => {
  const k = api.SyntaxKind;
  return new Set([
    k.VariableDeclaration,
    k.Parameter,
    k.FunctionDeclaration,
    k.ClassDeclaration,
    k.InterfaceDeclaration,
    k.TypeAliasDeclaration,
    k.EnumDeclaration,
    k.BindingElement,
    k.TypeParameter,
  ]);
});

/**
 * A declaration no other file can name: it lives in a function or block scope. (A member or
 * a module-level declaration can be reached from elsewhere; a parameter property is a member.)
 * `declaration` is a node of a program of `api`'s compiler.
 */
export function isLocalDeclaration(api: TypeScriptApi, declaration: ts.Node): boolean {
  if (!localKinds(api).has(declaration.kind)) return false;
  if (api.isParameter(declaration) && api.isParameterPropertyDeclaration(declaration, declaration.parent)) return false;
  for (let node: ts.Node | undefined = declaration.parent; node !== undefined; node = node.parent as ts.Node | undefined) {
    if (api.isSourceFile(node) || api.isModuleBlock(node)) return false;
    if (api.isFunctionLike(node) || api.isBlock(node) || api.isClassStaticBlockDeclaration(node) || api.isCatchClause(node)) return true;
  }
  return false;
}

/** `export default …` or `export =`: importers choose their own name for it. */
export function isDefaultExport(api: TypeScriptApi, declaration: ts.Node): boolean {
  if (api.isExportAssignment(declaration)) return true;
  return api.canHaveModifiers(declaration) && (api.getModifiers(declaration) ?? []).some((m) => m.kind === api.SyntaxKind.DefaultKeyword);
}
