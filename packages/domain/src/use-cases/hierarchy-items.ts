import type { LocatedSymbol } from '../model/symbols.js';
import type { CallItem, QueryScope } from '../ports/symbol-index.js';
import { displayPath } from '../rules/paths.js';
import type { Outlines } from './outlines.js';
import type { SourceTexts } from './source-texts.js';

/**
 * An item of a call or type hierarchy as an answer shows it: placed at its name, with the
 * outline's kind and node id (which the next call can address) when the outline has it.
 */
export async function describeItem(scope: QueryScope, texts: SourceTexts, outlines: Outlines, item: CallItem): Promise<LocatedSymbol> {
  const placed = await texts.place({ path: item.path, start: item.nameStart, length: item.nameLength });
  const declaration = item.kind === 'file' ? undefined : await outlines.declarationAt(item.path, item.nameStart);
  return {
    name: item.name,
    kind: declaration?.kind ?? item.kind,
    ...(declaration?.nodeId === undefined ? {} : { nodeId: declaration.nodeId }),
    filePath: displayPath(scope.workspaceRoot, item.path),
    line: placed?.start.line ?? 1,
    column: placed?.start.column ?? 1,
  };
}

/** One item, wherever it was found from: its file and the offset of its name. */
export function itemKey(item: CallItem): string {
  return `${item.path}:${item.nameStart}`;
}
