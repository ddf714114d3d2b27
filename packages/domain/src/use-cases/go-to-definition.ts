import type { ToolError } from '../errors/bridge-error.js';
import type { GoToDefinitionInput } from '../model/inputs.js';
import type { DefinitionItem, GoToDefinitionResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { SourceSpan } from '../ports/symbol-index.js';
import { compareLocations } from '../rules/ordering.js';
import { displayPath, isDeclarationFile, isExternalPath } from '../rules/paths.js';
import { spanKey } from '../rules/spans.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolvePositionQuery, type PositionQuery } from './resolve-address.js';
import { SourceTexts } from './source-texts.js';

/**
 * FS-001.2: every definition of the symbol at a position (overloads and merged
 * declarations included). `isExternal` marks node_modules, files outside the workspace
 * and declaration (`.d.ts`) files. A definition in a workspace file carries its node id.
 */
export function goToDefinition(ports: BridgePorts, input: GoToDefinitionInput, signal: Signal): Promise<GoToDefinitionResult | ToolError> {
  return guard(signal, async () => {
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { scope, target } = query;
    const path = target.path;

    const spans = await ports.symbols.definitions(scope, { path, offset: target.identifier.start });
    const definitions = await definitionItems(ports, query, spans);
    return { success: true, symbolName: target.identifier.text, definitions };
  });
}

/**
 * The declarations at `spans` as a result lists them: once each, with their snippets and node
 * ids, project files before external ones, each group by path, line, column.
 */
export async function definitionItems(ports: BridgePorts, query: PositionQuery, spans: readonly SourceSpan[]): Promise<DefinitionItem[]> {
  const { root, scope, target, outlines } = query;
  const texts = new SourceTexts(ports.symbols, scope);
  texts.seed(target.path, target.lines);
  const definitions: DefinitionItem[] = [];
  const seen = new Set<string>();
  for (const span of spans) {
    const key = spanKey(span);
    if (seen.has(key)) continue;
    seen.add(key);
    const placed = await texts.place(span);
    const declaration = await outlines.kindAndNodeIdAt(span.path, span.start);
    definitions.push({
      filePath: displayPath(root, span.path),
      line: placed?.start.line ?? 1,
      column: placed?.start.column ?? 1,
      codeSnippet: placed?.codeSnippet ?? '',
      isExternal: isExternalPath(root, span.path) || isDeclarationFile(span.path),
      ...(declaration?.nodeId === undefined ? {} : { nodeId: declaration.nodeId }),
    });
  }
  definitions.sort((a, b) => Number(a.isExternal) - Number(b.isExternal) || compareLocations(a, b));
  return definitions;
}
