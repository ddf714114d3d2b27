import type ts from 'typescript';
import { commonJsExports } from './commonjs.js';
import type { TypeScriptApi } from './typescript-api.js';

/**
 * Whether what a file declares is seen by files that never import it: a script (no `import` or
 * `export`, not a CommonJS module, not only `declare module "…"` blocks) puts its declarations in
 * the global scope, and a module's `declare global` adds to it. A change to such a file can break
 * any file of its program, as TypeScript's incremental build assumes (`isFileAffectingGlobalScope`).
 */
export function affectsGlobalScope(api: TypeScriptApi, sourceFile: ts.SourceFile): boolean {
  const script = !api.isExternalModule(sourceFile) && !isCommonJsModule(api, sourceFile);
  return sourceFile.statements.some(
    (statement) => (script && !isAmbientModule(api, statement)) || containsGlobalAugmentation(api, statement),
  );
}

/**
 * The string literals by which a file names other modules: `import`/`export … from`, `import x =
 * require(…)`, and, where the program recorded them, `import(…)` calls and types and `require(…)`
 * in JavaScript (TypeScript's own list, `SourceFile.imports`, filled as the program is built).
 */
export function moduleReferences(api: TypeScriptApi, sourceFile: ts.SourceFile): readonly ts.Expression[] {
  const recorded = (sourceFile as { imports?: readonly ts.StringLiteralLike[] }).imports;
  if (recorded !== undefined) return recorded;
  const found: ts.Expression[] = [];
  for (const statement of sourceFile.statements) {
    if ((api.isImportDeclaration(statement) || api.isExportDeclaration(statement)) && statement.moduleSpecifier !== undefined)
      found.push(statement.moduleSpecifier);
    else if (api.isImportEqualsDeclaration(statement) && api.isExternalModuleReference(statement.moduleReference))
      found.push(statement.moduleReference.expression);
  }
  return found;
}

function isAmbientModule(api: TypeScriptApi, statement: ts.Statement): boolean {
  return api.isModuleDeclaration(statement) && api.isStringLiteral(statement.name);
}

/** `declare global { … }`, at the top of a module or inside a `declare module "…"` block. */
function containsGlobalAugmentation(api: TypeScriptApi, statement: ts.Statement): boolean {
  if (!api.isModuleDeclaration(statement)) return false;
  if ((statement.flags & api.NodeFlags.GlobalAugmentation) !== 0) return true;
  const body = statement.body;
  return body !== undefined && api.isModuleBlock(body) && body.statements.some((inner) => containsGlobalAugmentation(api, inner));
}

/**
 * A JavaScript file that assigns `module.exports` or `exports.…`, or calls `require("…")`: the
 * binder's CommonJS indicator where a program made the file, the same syntax read from the tree
 * of a file parsed alone.
 */
function isCommonJsModule(api: TypeScriptApi, sourceFile: ts.SourceFile): boolean {
  const indicator = (sourceFile as { commonJsModuleIndicator?: unknown }).commonJsModuleIndicator;
  if (indicator !== undefined) return true;
  if ((sourceFile.flags & api.NodeFlags.JavaScriptFile) === 0) return false;
  if (commonJsExports(api, sourceFile).length > 0) return true;
  const requires = (node: ts.Node): boolean =>
    (api.isCallExpression(node) &&
      api.isIdentifier(node.expression) &&
      node.expression.text === 'require' &&
      node.arguments.length === 1 &&
      api.isStringLiteralLike(node.arguments[0] as ts.Expression)) ||
    (api.forEachChild(node, requires) ?? false);
  return requires(sourceFile);
}
