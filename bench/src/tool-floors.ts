import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import ts from 'typescript';
import type { SampledSymbol } from './sample.js';
import { CHECKED_EDIT, TOOL_CASES, TOOL_SAMPLE, type ToolCase } from './tool-cases.js';

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
    for (const symbol of sample.slice(0, TOOL_SAMPLE)) {
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
  }
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
