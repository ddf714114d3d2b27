import ts from 'typescript';
import type { EditMap } from '@mcp-lsp-bridge/domain';

/** Syntactic and semantic errors of one file (what a rename must not add). */
export function errorDiagnostics(ls: ts.LanguageService, file: string): ts.Diagnostic[] {
  return [...ls.getSyntacticDiagnostics(file), ...ls.getSemanticDiagnostics(file)].filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  );
}

/**
 * The errors `after` has that `before` did not. Positions shift with the edits, so errors
 * are counted per code; for a code whose count grew, the errors that did not exist at the
 * same (mapped back) position before are the new ones.
 */
export function newErrors(before: readonly ts.Diagnostic[], after: readonly ts.Diagnostic[], map: EditMap | undefined): ts.Diagnostic[] {
  const fresh: ts.Diagnostic[] = [];
  for (const [code, afterOfCode] of groupByCode(after)) {
    const beforeOfCode = groupByCode(before).get(code) ?? [];
    const grown = afterOfCode.length - beforeOfCode.length;
    if (grown <= 0) continue;
    const oldStarts = new Set(beforeOfCode.map((d) => d.start ?? 0));
    const unmatched = afterOfCode.filter((d) => !oldStarts.has(map?.toOld(d.start ?? 0) ?? d.start ?? 0));
    fresh.push(...(unmatched.length > 0 ? unmatched : afterOfCode.slice(-grown)));
  }
  return fresh;
}

function groupByCode(diagnostics: readonly ts.Diagnostic[]): Map<number, ts.Diagnostic[]> {
  const byCode = new Map<number, ts.Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    const list = byCode.get(diagnostic.code) ?? [];
    list.push(diagnostic);
    byCode.set(diagnostic.code, list);
  }
  return byCode;
}

/**
 * Files with `export * from` one of `files`: they gain an ambiguity error (TS2308) when a
 * rename makes two star-exported modules export the same name, without being edited.
 */
export function exportStarDependents(program: ts.Program, files: readonly string[], isOwn: (file: string) => boolean): string[] {
  const targets = new Set(files);
  const checker = program.getTypeChecker();
  const dependents: string[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (targets.has(sourceFile.fileName) || sourceFile.isDeclarationFile || !isOwn(sourceFile.fileName)) continue;
    const reexports = sourceFile.statements.some((statement) => {
      if (!ts.isExportDeclaration(statement) || statement.exportClause !== undefined || statement.moduleSpecifier === undefined)
        return false;
      const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
      const declaration = module?.valueDeclaration;
      return declaration !== undefined && ts.isSourceFile(declaration) && targets.has(declaration.fileName);
    });
    if (reexports) dependents.push(sourceFile.fileName);
  }
  return dependents;
}
