import { isDeclarationFile, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT, symbolKindOfScriptElement } from '@mcp-lsp-bridge/ts-syntax';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import type ts from 'typescript';
import type { CallContext } from '../call-context.js';

const tsApi = BUNDLED_TYPESCRIPT;

/** An import or export alias found in a file's syntax. */
export interface AliasSymbol {
  readonly name: string;
  readonly span: SourceSpan;
}

/**
 * Export aliases (`export { Subscriber } from './subscriber'`) and renaming imports whose names contain
 * `query` in any case. tsserver's navto lists them among a workspace's declarations; TypeScript
 * 7's native server leaves them out of `workspace/symbol`, so for it they are read from the
 * syntax of the workspace files that spell the query. An alias that matches only by camel-case
 * humps or by letters in order is not found this way (docs/backends.md).
 */
export function aliasSymbols(ctx: CallContext, query: string): AliasSymbol[] {
  const wanted = query.toLowerCase();
  if (wanted === '') return [];
  const root = ctx.scope.workspaceRoot;
  const found: AliasSymbol[] = [];
  for (const path of ctx.projects().files) {
    if (!isWorkspaceFile(root, path) || isDeclarationFile(path) || !ctx.ownsFile(path)) continue;
    const text = ctx.workspace.files.text(path);
    if (text === undefined || !text.toLowerCase().includes(wanted)) continue;
    ctx.signal.throwIfAborted();
    const sourceFile = ctx.workspace.syntax.get(path, text);
    for (const name of aliasNames(sourceFile)) {
      if (!name.text.toLowerCase().includes(wanted)) continue;
      const start = name.getStart(sourceFile);
      found.push({ name: name.text, span: { path, start, length: name.end - start } });
    }
  }
  return found;
}

/** The kind typescript-language-server gives an alias found by navto. */
export const ALIAS_KIND = symbolKindOfScriptElement('alias');

/**
 * The alias names tsserver's navto lists: every export specifier and namespace export, and an
 * import only where it renames (`import { a as b }`); navto leaves out imports under the name
 * they import.
 */
function aliasNames(sourceFile: ts.SourceFile): ts.Identifier[] {
  const names: ts.Identifier[] = [];
  for (const statement of sourceFile.statements) {
    if (tsApi.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings !== undefined && tsApi.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (element.propertyName !== undefined && element.propertyName.text !== element.name.text) names.push(element.name);
        }
      }
    } else if (tsApi.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause !== undefined && tsApi.isNamespaceExport(clause) && tsApi.isIdentifier(clause.name)) names.push(clause.name);
      if (clause !== undefined && tsApi.isNamedExports(clause))
        for (const element of clause.elements) if (tsApi.isIdentifier(element.name)) names.push(element.name);
    }
  }
  return names;
}
