import path from 'node:path';
import {
  dependentsOf,
  simulationParts,
  type DiagnosticRecord,
  type EditSimulation,
  type FileOffset,
  type SimulationAnswer,
  type SourceSpan,
} from '@mcp-lsp-bridge/domain';
import { affectsGlobalScope, moduleReferences, nameAt, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import type ts from 'typescript';
import { toDiagnosticRecord } from '../convert/diagnostic-records.js';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';

/**
 * The domain's rename-conflict primitives over the type checker: what names refer to and
 * which errors files have, on the disk's texts and with the overlay shown to the service
 * instead (never written). Each file is asked of the project that owns it, with its options.
 */
export async function simulateEdits(ws: WorkspaceAccess, simulation: EditSimulation): Promise<SimulationAnswer> {
  const realPath = (file: string): string => ws.ctx.files.realpath(file);
  const referentsBefore: (readonly SourceSpan[])[] = simulation.before.map(() => []);
  const referentsAfter: (readonly SourceSpan[])[] = simulation.after.map(() => []);
  const errorsBefore = new Map<string, readonly DiagnosticRecord[]>();
  const errorsAfter = new Map<string, readonly DiagnosticRecord[]>();
  // By project key, each with the project first found for it.
  const projects = new Map<string, Project>();
  const parts = simulationParts(simulation, (file) => {
    const project = ws.projectFor(file);
    if (!projects.has(project.key)) projects.set(project.key, project);
    return project.key;
  });
  for (const [key, { before, after, files }] of parts) {
    const project = projects.get(key) as Project;
    const program = project.program();
    for (const i of before) referentsBefore[i] = referentsAt(project.ts, program, simulation.before[i], realPath);
    const isOwn = (file: string): boolean => isWorkspaceFile(ws.root, realPath(file));
    // The files that depend on an edited one can gain or lose an error only if what it declares
    // changes: its declaration output (its `.d.ts`), TypeScript's own incremental rule.
    const shapes = simulation.dependents === true ? new Map(files.map((file) => [file, declarationsOf(project, file)])) : undefined;
    const edited = [...new Set([...files, ...exportStarDependents(project.ts, program, files, isOwn)])];
    // Read on the disk's program (once the overlay is parsed, its trees of the edited files are not to be read):
    // an edit that makes a script a module leaves what it declared globally missing in every file.
    const globalOnDisk = new Set(files.filter((file) => isGlobalIn(project.ts, program, file)));
    const errorsOnDisk = (file: string): void => void errorsBefore.set(realPath(file), errorsOf(project.ts, project.ls, file, realPath));
    if (simulation.addedErrorsOnly !== true) edited.forEach(errorsOnDisk);
    let dependents: string[] = [];
    await project.withOverlay(simulation.overlay, async () => {
      const overlaid = project.program();
      for (const i of after) referentsAfter[i] = referentsAt(project.ts, overlaid, simulation.after[i], realPath);
      const reshaped = shapes !== undefined && files.some((file) => shapeChanged(shapes.get(file), declarationsOf(project, file)));
      // Only then is the import graph walked: the files that are not edited import the same on disk and in the overlay.
      if (reshaped) {
        const found = await importersOf(project.ts, overlaid, files, isOwn, (file) => globalOnDisk.has(file));
        dependents = found.filter((file) => !edited.includes(file));
      }
      for (const file of [...edited, ...dependents]) errorsAfter.set(realPath(file), errorsOf(project.ts, project.ls, file, realPath));
    });
    if (simulation.addedErrorsOnly !== true) dependents.forEach(errorsOnDisk);
    // Checking a file is most of a simulation's time: on the disk's texts, only where the edits may have added an error.
    else [...edited, ...dependents].filter((file) => (errorsAfter.get(realPath(file))?.length ?? 0) > 0).forEach(errorsOnDisk);
  }
  const inFlux = ws.ctx.files.inFlux(ws.root);
  return { referentsBefore, referentsAfter, errorsBefore, errorsAfter, ...(inFlux.length > 0 ? { inFlux } : {}) };
}

/**
 * What a file declares to the files that import it: its declaration output, emitted even where
 * the project emits none; undefined where it cannot be emitted (then it counts as changed).
 */
function declarationsOf(project: Project, file: string): string | undefined {
  try {
    // Forced: a project that emits nothing (`noEmit`) reports the emit skipped, with the output made.
    const output = project.ls.getEmitOutput(file, true, true).outputFiles.filter((out) => /\.d\.[cm]?ts$/.test(out.name));
    return output.length === 0 ? undefined : output.map((out) => out.text).join('\n');
  } catch {
    return undefined;
  }
}

function shapeChanged(before: string | undefined, after: string | undefined): boolean {
  return before === undefined || after === undefined || before !== after;
}

/**
 * What the name at `site` refers to: the declarations of its symbol, of the value behind a
 * shorthand property or a local export specifier, and of the target of an alias, as the
 * spans of their names.
 */
function referentsAt(
  api: TypeScriptApi,
  program: ts.Program,
  site: FileOffset | undefined,
  realPath: (file: string) => string,
): SourceSpan[] {
  const sourceFile = site === undefined ? undefined : program.getSourceFile(site.path);
  const node = sourceFile === undefined || site === undefined ? undefined : nameAt(api, sourceFile, site.offset);
  if (node === undefined) return [];
  const checker = program.getTypeChecker();
  const symbols: ts.Symbol[] = [];
  const add = (symbol: ts.Symbol | undefined): void => {
    if (symbol !== undefined && !symbols.includes(symbol)) symbols.push(symbol);
  };
  add(checker.getSymbolAtLocation(node));
  const parent = node.parent as ts.Node | undefined;
  if (parent !== undefined && api.isShorthandPropertyAssignment(parent) && parent.name === node) {
    add(checker.getShorthandAssignmentValueSymbol(parent));
  }
  if (parent !== undefined && api.isExportSpecifier(parent) && api.isIdentifier(node))
    add(checker.getExportSpecifierLocalTargetSymbol(node));
  for (const symbol of [...symbols]) if ((symbol.flags & api.SymbolFlags.Alias) !== 0) add(checker.getAliasedSymbol(symbol));
  return symbols.flatMap((symbol) =>
    (symbol.declarations ?? []).map((declaration) => {
      const file = declaration.getSourceFile();
      const name = api.getNameOfDeclaration(declaration) ?? declaration;
      const start = name.getStart(file);
      return { path: realPath(file.fileName), start, length: name.end - start };
    }),
  );
}

/** Syntactic and semantic errors of one file (what an edit must not add). */
function errorsOf(api: TypeScriptApi, ls: ts.LanguageService, file: string, realPath: (file: string) => string): DiagnosticRecord[] {
  return [...ls.getSyntacticDiagnostics(file), ...ls.getSemanticDiagnostics(file)]
    .filter((d) => d.category === api.DiagnosticCategory.Error)
    .flatMap((d) => toDiagnosticRecord(api, d, realPath) ?? []);
}

/**
 * Files with `export * from` one of `files`: they gain an ambiguity error (TS2308) when a
 * rename makes two star-exported modules export the same name, without being edited.
 */
function exportStarDependents(
  api: TypeScriptApi,
  program: ts.Program,
  files: readonly string[],
  isOwn: (file: string) => boolean,
): string[] {
  const targets = new Set(files);
  const checker = program.getTypeChecker();
  const dependents: string[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (targets.has(sourceFile.fileName) || sourceFile.isDeclarationFile || !isOwn(sourceFile.fileName)) continue;
    const reexports = sourceFile.statements.some((statement) => {
      if (!api.isExportDeclaration(statement) || statement.exportClause !== undefined || statement.moduleSpecifier === undefined)
        return false;
      const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
      const declaration = module?.valueDeclaration;
      return declaration !== undefined && api.isSourceFile(declaration) && targets.has(declaration.fileName);
    });
    if (reexports) dependents.push(sourceFile.fileName);
  }
  return dependents;
}

/**
 * The workspace files of the program that depend on one of `files` (the domain's `dependentsOf`):
 * a file depends on those it names by a module reference (`import(…)` types included) or in
 * `/// <reference path>`, as the program resolved them; the workspace's declaration files are
 * among them (a hand-written `.d.ts` passes an imported type on). A file is global if its
 * declarations are, or if `wasGlobal` says they were before the edit.
 */
function importersOf(
  api: TypeScriptApi,
  program: ts.Program,
  files: readonly string[],
  isOwn: (file: string) => boolean,
  wasGlobal: (file: string) => boolean,
): Promise<string[]> {
  const checker = program.getTypeChecker();
  const importers = new Map<string, string[]>();
  const own = program.getSourceFiles().filter((sourceFile) => isOwn(sourceFile.fileName));
  const dependsOn = (sourceFile: ts.SourceFile, target: string): void => {
    if (target !== sourceFile.fileName) importers.set(target, [...(importers.get(target) ?? []), sourceFile.fileName]);
  };
  for (const sourceFile of own) {
    for (const specifier of moduleReferences(api, sourceFile)) {
      const declaration = checker.getSymbolAtLocation(specifier)?.valueDeclaration;
      if (declaration !== undefined && api.isSourceFile(declaration)) dependsOn(sourceFile, declaration.fileName);
    }
    for (const reference of sourceFile.referencedFiles) {
      const target = program.getSourceFile(path.resolve(path.dirname(sourceFile.fileName), reference.fileName));
      if (target !== undefined) dependsOn(sourceFile, target.fileName);
    }
  }
  return dependentsOf(files, {
    files: own.map((sourceFile) => sourceFile.fileName),
    importersOf: (targets) => [...targets].flatMap((target) => importers.get(target) ?? []),
    isGlobal: (file) => wasGlobal(file) || isGlobalIn(api, program, file),
  });
}

function isGlobalIn(api: TypeScriptApi, program: ts.Program, file: string): boolean {
  const sourceFile = program.getSourceFile(file);
  return sourceFile !== undefined && affectsGlobalScope(api, sourceFile);
}
