import type { LocatedSymbol } from '../model/symbols.js';
import type { CallItem, QueryScope } from '../ports/symbol-index.js';
import { compareLocations } from '../rules/ordering.js';
import { displayPath, isExternalPath } from '../rules/paths.js';
import type { Outlines } from './outlines.js';
import type { SourceTexts } from './source-texts.js';

/**
 * An item of a call or type hierarchy as an answer shows it: placed at its name, with the
 * outline's kind and node id (which the next call can address) when the outline has it.
 */
export async function describeItem(scope: QueryScope, texts: SourceTexts, outlines: Outlines, item: CallItem): Promise<LocatedSymbol> {
  const placed = await texts.place({ path: item.path, start: item.nameStart, length: item.nameLength });
  const declaration = item.kind === 'file' ? undefined : await outlines.kindAndNodeIdAt(item.path, item.nameStart);
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

/** The items one step away from an item (its callers, callees, supertypes or subtypes), each as the answer shows it. */
export type HierarchyStep<Node> = (item: CallItem, level: number) => Promise<readonly { readonly node: Node; readonly item: CallItem }[]>;

/**
 * Follows a call or type hierarchy depth-first from its root, `depth` levels deep: each level
 * in location order; an item already on the path is marked recursive and not followed again;
 * an item outside the workspace is listed but not followed; at most `max` items are listed,
 * across every expansion of the walk (then `truncated`).
 */
export class HierarchyWalk<Node extends LocatedSymbol & { readonly recursive?: true }> {
  listed = 0;
  truncated = false;

  constructor(
    private readonly workspaceRoot: string,
    private readonly depth: number,
    private readonly max: number,
    /** The node with the next level under it. */
    private readonly nest: (node: Node, deeper: Node[]) => Node,
  ) {}

  async expand(
    step: HierarchyStep<Node>,
    item: CallItem,
    level = 1,
    path: ReadonlySet<string> = new Set([itemKey(item)]),
  ): Promise<Node[]> {
    const found = [...(await step(item, level))].sort((a, b) => compareLocations(a.node, b.node));
    const out: Node[] = [];
    for (const { node, item: next } of found) {
      if (this.listed >= this.max) {
        this.truncated = true;
        break;
      }
      this.listed++;
      const key = itemKey(next);
      if (path.has(key)) {
        out.push({ ...node, recursive: true });
        continue;
      }
      if (level < this.depth && !isExternalPath(this.workspaceRoot, next.path)) {
        const deeper = await this.expand(step, next, level + 1, new Set([...path, key]));
        out.push(deeper.length > 0 ? this.nest(node, deeper) : node);
      } else {
        out.push(node);
      }
    }
    return out;
  }
}
