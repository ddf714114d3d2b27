import { BUNDLED_TYPESCRIPT as api } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/** Whether `specifier` names the package `packageName` or one of its subpaths (`@scope/pkg`, `@scope/pkg/sub`). */
export function namesPackage(specifier: string, packageName: string): boolean {
  return specifier === packageName || specifier.startsWith(`${packageName}/`);
}

/**
 * The specifiers by which `file` imports or re-exports the package `packageName` (a static
 * `import`/`export … from`), when it spells one of `names` (else none): it may then use a symbol
 * of the package by one of them (an imported name, or a member of one: `shape.area()`).
 */
export function packageSpecifiers(file: ts.SourceFile, packageName: string, names: ReadonlySet<string>): string[] {
  if (![...names].some((name) => file.text.includes(name))) return [];
  const specifiers: string[] = [];
  for (const statement of file.statements) {
    if (!api.isImportDeclaration(statement) && !api.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier !== undefined && api.isStringLiteral(specifier) && namesPackage(specifier.text, packageName))
      specifiers.push(specifier.text);
  }
  return specifiers;
}
