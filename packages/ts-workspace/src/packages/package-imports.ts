import { BUNDLED_TYPESCRIPT as api } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/** Whether `specifier` names the package `packageName` or one of its subpaths (`@scope/pkg`, `@scope/pkg/sub`). */
export function namesPackage(specifier: string, packageName: string): boolean {
  return specifier === packageName || specifier.startsWith(`${packageName}/`);
}

/**
 * Whether `file`'s static imports and re-exports of the package `packageName` bring in one of
 * `names`: a named binding (`import { a } from`, `export { a } from`, under its exported name),
 * or a namespace (`import * as ns`, `export *`) while the file spells the name.
 */
export function importsFromPackage(file: ts.SourceFile, packageName: string, names: ReadonlySet<string>): boolean {
  const spelled = [...names].some((name) => file.text.includes(name));
  for (const statement of file.statements) {
    const isImport = api.isImportDeclaration(statement);
    if (!isImport && !api.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !api.isStringLiteral(specifier) || !namesPackage(specifier.text, packageName)) continue;
    const bindings = isImport ? statement.importClause?.namedBindings : statement.exportClause;
    if (bindings === undefined) {
      if (!isImport && spelled) return true;
      continue;
    }
    if (api.isNamespaceImport(bindings) || api.isNamespaceExport(bindings)) {
      if (spelled) return true;
      continue;
    }
    for (const element of bindings.elements) if (names.has((element.propertyName ?? element.name).text)) return true;
  }
  return false;
}
