import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
// Loaded as CommonJS, as the bridge loads it: an ESM import of typescript.js makes Node scan its 9 MB for named exports first.
import ts = require('typescript');
import type { SampledSymbol } from './sample.js';
import { CHECKED_EDIT, TOOL_CASES, toolSample, type ToolCase } from './tool-cases.js';

/** The raw service's side of the newer tools: what the floor child has of its service. */
export interface ToolFloorService {
  readonly ls: ts.LanguageService;
  readonly versions: Map<string, number>;
  readonly overlay: Map<string, string>;
  /** Absolute file and offset of a sampled symbol's name. */
  offset(symbol: SampledSymbol): { file: string; pos: number };
  /** Files importing one of `files`. */
  importersOf(files: ReadonlySet<string>): Set<string>;
}

const FORMAT: ts.FormatCodeSettings = { ...ts.getDefaultFormatCodeSettings('\n'), convertTabsToSpaces: true, indentSize: 2, tabSize: 2 };

/** Each newer tool's raw counterpart, warm, on the first `TOOL_SAMPLE` symbols: milliseconds per call. */
export function toolFloors(service: ToolFloorService, sample: readonly SampledSymbol[]): Record<ToolCase, number[]> {
  const out = Object.fromEntries(TOOL_CASES.map((tool) => [tool, [] as number[]])) as Record<ToolCase, number[]>;
  for (const tool of TOOL_CASES) {
    for (const symbol of toolSample(tool, sample)) {
      const t0 = performance.now();
      rawCall(service, tool, symbol);
      out[tool].push(performance.now() - t0);
      // Back on the disk's texts after check_edits, untimed (the bridge's answer does not wait for it either).
      service.ls.getProgram();
    }
  }
  return out;
}

function rawCall(service: ToolFloorService, tool: ToolCase, symbol: SampledSymbol): void {
  const { ls } = service;
  const { file, pos } = service.offset(symbol);
  switch (tool) {
    case 'go_to_type_definition':
      ls.getTypeDefinitionAtPosition(file, pos);
      return;
    case 'completion':
      ls.getCompletionsAtPosition(file, pos + symbol.name.length, {});
      return;
    case 'code_actions': {
      const diagnostics = [...ls.getSyntacticDiagnostics(file), ...ls.getSemanticDiagnostics(file)];
      const source = ls.getProgram()?.getSourceFile(file);
      const line = source?.getLineAndCharacterOfPosition(pos).line;
      for (const d of diagnostics) {
        if (d.start === undefined || source === undefined || source.getLineAndCharacterOfPosition(d.start).line !== line) continue;
        ls.getCodeFixesAtPosition(file, d.start, d.start + (d.length ?? 0), [d.code], FORMAT, {});
      }
      ls.getApplicableRefactors(file, pos, {});
      return;
    }
    case 'format_file':
      ls.getFormattingEditsForDocument(file, FORMAT);
      return;
    case 'check_edits':
      checkEdited(service, file);
      return;
    case 'safe_delete':
      ls.findReferences(file, pos);
      return;
    case 'impact':
      ls.findReferences(file, pos);
      for (const item of [ls.prepareCallHierarchy(file, pos) ?? []].flat())
        ls.provideCallHierarchyIncomingCalls(item.file, item.selectionSpan.start);
      return;
    case 'type_hierarchy':
      typeLevel(ls, file, pos);
      return;
  }
}

/**
 * One level of a type's hierarchy, both ways, as raw as TypeScript allows (it has no type
 * hierarchy of its own): the type's declarations; the types its heritage clauses name (their
 * definitions); the declarations whose heritage clauses name it (its references there).
 */
function typeLevel(ls: ts.LanguageService, file: string, pos: number): ts.Node[] {
  const program = ls.getProgram();
  const subtypes: ts.Node[] = [];
  for (const declaration of ls.getDefinitionAtPosition(file, pos) ?? []) {
    const node = nodeAt(program?.getSourceFile(declaration.fileName), declaration.textSpan.start);
    const owner = node?.parent;
    if (owner === undefined || !(ts.isClassLike(owner) || ts.isInterfaceDeclaration(owner))) continue;
    for (const clause of owner.heritageClauses ?? [])
      for (const type of clause.types) ls.getDefinitionAtPosition(declaration.fileName, type.expression.getStart());
  }
  for (const entry of ls.findReferences(file, pos) ?? []) {
    for (const ref of entry.references) {
      const node = nodeAt(program?.getSourceFile(ref.fileName), ref.textSpan.start);
      let up: ts.Node | undefined = node;
      while (up !== undefined && !ts.isHeritageClause(up) && !ts.isBlock(up) && !ts.isSourceFile(up)) up = up.parent;
      if (up !== undefined && ts.isHeritageClause(up)) subtypes.push(up.parent);
    }
  }
  return subtypes;
}

/** The innermost node at `pos` (the identifier a span starts at). */
function nodeAt(source: ts.SourceFile | undefined, pos: number): ts.Node | undefined {
  if (source === undefined) return undefined;
  const find = (node: ts.Node): ts.Node | undefined =>
    pos >= node.getStart(source) && pos < node.getEnd() ? (ts.forEachChild(node, find) ?? node) : undefined;
  return find(source);
}

/** The file with a comment appended, in memory, type-checked with its importers; then the disk's text again (untimed by the bridge too). */
function checkEdited(service: ToolFloorService, file: string): void {
  const importers = service.importersOf(new Set([file]));
  service.overlay.set(file, readFileSync(file, 'utf8') + CHECKED_EDIT);
  service.versions.set(file, (service.versions.get(file) ?? 0) + 1);
  for (const f of [file, ...importers]) {
    service.ls.getSyntacticDiagnostics(f);
    service.ls.getSemanticDiagnostics(f);
  }
  service.overlay.delete(file);
  service.versions.set(file, (service.versions.get(file) ?? 0) + 1);
}
