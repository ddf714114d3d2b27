import type { FileOffset, SourceSpan } from '@mcp-lsp-bridge/domain';
import {
  exportOfValueName,
  exportsCommonJsName,
  isCommonJsExportAlias,
  nameAt,
  namesSpelled,
  type TypeScriptApi,
} from '@mcp-lsp-bridge/ts-syntax';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import type ts from 'typescript';
import { CancelledError } from '../cancellation.js';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';

/**
 * The uses of a symbol a CommonJS module exports that TypeScript's own search leaves out. Its
 * binder reads `module.exports = { add, sub }` as `export { add, sub }`, but its reference search
 * looks for such an alias in the declaring file only (so `math.add` after
 * `const math = require('./math')` finds nothing), and from an export it does not follow a
 * `const { add } = require(…)` to the uses of `add`. The checker still knows what every name
 * means: every identifier spelled like the symbol, in the project's workspace files, whose
 * symbol (aliases followed) is the symbol asked about, is a reference. Asked only when the
 * symbol is declared in a JavaScript file that exports its name through CommonJS.
 */
export function commonJsUses(ws: WorkspaceAccess, project: Project, at: FileOffset): SourceSpan[] {
  const api = project.ts;
  const program = project.program();
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(at.path);
  const node = sourceFile === undefined ? undefined : nameAt(api, sourceFile, at.offset);
  if (node === undefined) return [];
  const targets = referents(api, checker, node);
  const exported = [...targets].some((symbol) =>
    (symbol.declarations ?? []).some((d) => exportsCommonJsName(api, d.getSourceFile(), node.text)),
  );
  if (!exported) return [];
  const { files } = ws.ctx;
  const uses: SourceSpan[] = [];
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !file.text.includes(node.text)) continue;
    const path = files.realpath(file.fileName);
    if (!isWorkspaceFile(ws.root, path)) continue;
    if (ws.ctx.token.isCancellationRequested()) throw new CancelledError();
    for (const name of namesSpelled(api, file, node.text)) {
      if (![...referents(api, checker, name)].some((symbol) => targets.has(symbol))) continue;
      const start = name.getStart(file);
      uses.push({ path, start, length: name.end - start });
    }
  }
  return uses;
}

/**
 * Where TypeScript's definition of a CommonJS export stops short of the declaration: at a member
 * of `module.exports = { add }` (an alias: the declaration is what it repeats), or at the own
 * name of a function assigned to `exports.f` (the symbol the module exports is the property).
 * `undefined` where the definition is the declaration.
 */
export function commonJsDeclaration(project: Project, span: SourceSpan, realPath: (file: string) => string): SourceSpan[] | undefined {
  const api = project.ts;
  const sourceFile = project.program().getSourceFile(span.path);
  const node = sourceFile === undefined ? undefined : nameAt(api, sourceFile, span.start);
  if (sourceFile === undefined || node === undefined || node.getStart(sourceFile) !== span.start) return undefined;
  if (isCommonJsExportAlias(api, node)) {
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
