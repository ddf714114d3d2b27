import { notAddedReason, thrownReason, type FileFailure, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import {
  exportOfValueName,
  exportsCommonJsName,
  isCommonJsExportAlias,
  isCommonJsExportOfName,
  nameAt,
  namesSpelled,
  type TypeScriptApi,
} from '@mcp-lsp-bridge/ts-syntax';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import type ts from 'typescript';
import { CancelledError } from '../cancellation.js';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';

/** The uses `commonJsUses` found, and the files that may hold some but could not be searched. */
export interface CommonJsUses {
  readonly uses: SourceSpan[];
  readonly failures: FileFailure[];
}

/**
 * The uses of a symbol a CommonJS module exports that TypeScript's own search leaves out. Its
 * binder reads `module.exports = { add, sub }` as `export { add, sub }`, but its reference search
 * looks for such an alias in the declaring file only (so `math.add` after
 * `const math = require('./math')` finds nothing), and from an export it does not follow a
 * `const { add } = require(…)` to the uses of `add`. The checker still knows what every name
 * means: every identifier spelled like the symbol, in the project's workspace files, whose
 * symbol (aliases followed) is the symbol asked about, is a reference. The workspace's files no
 * config lists that import a project's file and spell the name (`tests/` outside the `include`;
 * see `TsWorkspace.unlistedImporters`) are searched too, each in the project that serves it
 * (EC-001.5). One that cannot be searched is a failure. Asked only when the symbol is declared in a
 * JavaScript file that exports its name through CommonJS.
 */
export function commonJsUses(ws: WorkspaceAccess, project: Project, at: FileOffset): CommonJsUses {
  const name = exportedName(project, at);
  if (name === undefined) return { uses: [], failures: [] };
  const { joined, failures } = joinUnlisted(ws, name);
  const declarations = targetsAt(project, at).flatMap((symbol) => declarationNames(project.ts, symbol));
  const uses = usesIn(ws, project, name, targetsAt(project, at), undefined);
  for (const [other, files] of joined) {
    if (other === project) continue;
    const targets = declarations.flatMap((d) => {
      const file = other.program().getSourceFile(d.path);
      const node = file === undefined ? undefined : nameAt(other.ts, file, d.start);
      return node === undefined ? [] : [...referents(other.ts, other.program().getTypeChecker(), node)];
    });
    uses.push(...usesIn(ws, other, name, targets, files));
  }
  return { uses, failures };
}

/** The name at `at` when its symbol is declared in a JavaScript file that exports that name through CommonJS. */
function exportedName(project: Project, at: FileOffset): string | undefined {
  const api = project.ts;
  const sourceFile = project.program().getSourceFile(at.path);
  const node = sourceFile === undefined ? undefined : nameAt(api, sourceFile, at.offset);
  if (node === undefined) return undefined;
  const exported = targetsAt(project, at).some((symbol) =>
    (symbol.declarations ?? []).some((d) => exportsCommonJsName(api, d.getSourceFile(), node.text)),
  );
  return exported ? node.text : undefined;
}

/** The symbols the name at `at` means in the project's current program. */
function targetsAt(project: Project, at: FileOffset): ts.Symbol[] {
  const program = project.program();
  const sourceFile = program.getSourceFile(at.path);
  const node = sourceFile === undefined ? undefined : nameAt(project.ts, sourceFile, at.offset);
  return node === undefined ? [] : [...referents(project.ts, program.getTypeChecker(), node)];
}

/** Where a symbol's declarations are named, to find the same symbol in another program. */
function declarationNames(api: TypeScriptApi, symbol: ts.Symbol): { path: string; start: number }[] {
  return (symbol.declarations ?? []).map((d) => {
    const name = api.getNameOfDeclaration(d) ?? d;
    return { path: d.getSourceFile().fileName, start: name.getStart(d.getSourceFile()) };
  });
}

/**
 * The workspace files no config lists that import a project's file and spell `name`, each joined to the project that serves it
 * (by project, the files joined there): every root is added before any program is built again.
 * A file that could not join (its config is broken, its project would not take it) is a failure.
 */
function joinUnlisted(ws: WorkspaceAccess, name: string): { joined: Map<Project, Set<string>>; failures: FileFailure[] } {
  const { ctx, root } = ws;
  const listing = ctx.workspace.listing(root);
  const joined = new Map<Project, Set<string>>();
  const failures: FileFailure[] = [];
  const failed = (file: string, error: unknown): void => {
    if (ctx.modules.isCancellation(error)) throw error;
    failures.push({ path: file, reason: thrownReason(error) });
  };
  for (const file of ctx.workspace.unlistedImporters(root, listing)) {
    if (ctx.files.text(file)?.includes(name) !== true) continue;
    if (ctx.token.isCancellationRequested()) throw new CancelledError();
    try {
      const owner = ctx.workspace.ownerOf(root, file);
      const project = ws.pool.get(owner.spec);
      if (owner.extraRoot !== undefined) project.addExtraRoot(owner.extraRoot);
      joined.set(project, (joined.get(project) ?? new Set()).add(file));
    } catch (error) {
      failed(file, error);
    }
  }
  for (const [project, files] of joined) {
    try {
      project.syncWithDisk(root);
      const program = project.program();
      for (const file of files) {
        if (program.getSourceFile(file) !== undefined) continue;
        files.delete(file);
        failures.push({ path: file, reason: ctx.files.failure(file) ?? notAddedReason(project.key) });
      }
    } catch (error) {
      joined.delete(project);
      for (const file of files) failed(file, error);
    }
  }
  return { joined, failures };
}

/** The identifiers spelled `name` in the project's workspace files (or `only` those) whose symbol is one of `targets`. */
function usesIn(
  ws: WorkspaceAccess,
  project: Project,
  name: string,
  targets: readonly ts.Symbol[],
  only: ReadonlySet<string> | undefined,
): SourceSpan[] {
  const api = project.ts;
  const program = project.program();
  const checker = program.getTypeChecker();
  const wanted = new Set(targets);
  const { files } = ws.ctx;
  const uses: SourceSpan[] = [];
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !file.text.includes(name)) continue;
    const path = files.realpath(file.fileName);
    if (!isWorkspaceFile(ws.root, path) || (only !== undefined && !only.has(path))) continue;
    if (ws.ctx.token.isCancellationRequested()) throw new CancelledError();
    for (const node of namesSpelled(api, file, name)) {
      if (![...referents(api, checker, node)].some((symbol) => wanted.has(symbol))) continue;
      const start = node.getStart(file);
      uses.push({ path, start, length: node.end - start });
    }
  }
  return uses;
}

/**
 * Where TypeScript's definition of a CommonJS export stops short of the declaration: at a member
 * of `module.exports = { add }` (an alias: the declaration is what it repeats), at the property of
 * `exports.add = add` (the declaration is what the name assigned names), or at the own
 * name of a function assigned to `exports.f` (the symbol the module exports is the property).
 * `undefined` where the definition is the declaration.
 */
export function commonJsDeclaration(project: Project, span: SourceSpan, realPath: (file: string) => string): SourceSpan[] | undefined {
  const api = project.ts;
  const sourceFile = project.program().getSourceFile(span.path);
  const node = sourceFile === undefined ? undefined : nameAt(api, sourceFile, span.start);
  if (sourceFile === undefined || node === undefined || node.getStart(sourceFile) !== span.start) return undefined;
  if (isCommonJsExportAlias(api, node) || isCommonJsExportOfName(api, node)) {
    return (project.ls.getDefinitionAtPosition(span.path, span.start) ?? []).map((d) => ({
      path: realPath(d.fileName),
      start: d.textSpan.start,
      length: d.textSpan.length,
    }));
  }
  const property = exportOfValueName(api, node);
  if (property === undefined) return undefined;
  const start = property.getStart(sourceFile);
  return [{ path: span.path, start, length: property.end - start }];
}

/** The symbols a name means, aliases followed to what they name; a shorthand member also means its value. */
function referents(api: TypeScriptApi, checker: ts.TypeChecker, node: ts.Node): Set<ts.Symbol> {
  const found = new Set<ts.Symbol>();
  const add = (symbol: ts.Symbol | undefined): void => {
    if (symbol === undefined) return;
    const resolved = (symbol.flags & api.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol;
    // An alias that resolves nowhere is TypeScript's one `unknown` symbol: it names nothing.
    if ((resolved.declarations ?? []).length > 0) found.add(resolved);
  };
  add(checker.getSymbolAtLocation(node));
  const parent = node.parent as ts.Node | undefined;
  if (parent !== undefined && api.isShorthandPropertyAssignment(parent) && parent.name === node) {
    add(checker.getShorthandAssignmentValueSymbol(parent));
  }
  return found;
}
