import type { SampledSymbol } from './sample.js';

/** Warm calls of each newer tool measured, on the first sampled symbols. */
export const TOOL_SAMPLE = 10;

/** The tools measured against a raw LanguageService call of the same operation (see `tool-floors.ts`). */
export const TOOL_CASES = [
  'go_to_type_definition',
  'completion',
  'code_actions',
  'format_file',
  'check_edits',
  'safe_delete',
  'impact',
  'type_hierarchy',
] as const;
export type ToolCase = (typeof TOOL_CASES)[number];

/** What the raw service does for each, in a word for the report (the floor is this, not more). */
export const RAW_OPERATION: Record<ToolCase, string> = {
  go_to_type_definition: 'getTypeDefinitionAtPosition',
  completion: 'getCompletionsAtPosition',
  code_actions: "the file's diagnostics + code fixes on the line + applicable refactors",
  format_file: 'getFormattingEditsForDocument',
  check_edits: 'the edited file and its importers type-checked with the edit in memory',
  safe_delete: 'findReferences',
  impact: 'findReferences + incoming calls, one level',
  type_hierarchy: 'getDefinitionAtPosition at each heritage clause + findReferences kept at heritage clauses, one level',
};

/** The sampled symbols a tool is measured on: the first `TOOL_SAMPLE`, of the kinds it answers about. */
export function toolSample(tool: ToolCase, sample: readonly SampledSymbol[]): readonly SampledSymbol[] {
  const kinds = tool === 'type_hierarchy' ? TYPE_KINDS : undefined;
  return sample.filter((s) => kinds === undefined || kinds.has(s.kind)).slice(0, TOOL_SAMPLE);
}

/** The sampled kinds with a type hierarchy (a type alias has no heritage: TypeScript's own hierarchy omits it). */
const TYPE_KINDS: ReadonlySet<SampledSymbol['kind']> = new Set(['class', 'interface']);

/** The comment line `check_edits` appends to the symbol's file (as the raw check does). */
export const CHECKED_EDIT = '\n// bench: checked, not written\n';

/** The MCP arguments of one warm call (none writes: dry runs, or check_edits without apply). */
export function toolArguments(tool: ToolCase, symbol: SampledSymbol, fileText: string): Record<string, unknown> {
  const at = { filePath: symbol.filePath, line: symbol.line, column: symbol.column };
  switch (tool) {
    case 'go_to_type_definition':
    case 'impact':
      return at;
    case 'type_hierarchy':
      return { ...at, direction: 'both' };
    case 'completion':
      // After the name, as an agent completes it: the whole name is the prefix.
      return { ...at, column: symbol.column + symbol.name.length };
    case 'code_actions':
      return at;
    case 'format_file':
      return { filePath: symbol.filePath, dryRun: true };
    case 'check_edits':
      return { edits: [{ filePath: symbol.filePath, newText: fileText + CHECKED_EDIT }] };
    case 'safe_delete':
      return { ...at, dryRun: true };
  }
}
