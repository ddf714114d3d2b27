import type { ToolError } from '../errors/bridge-error.js';
import { MAX_CALLS, type CallHierarchyInput } from '../model/inputs.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import type { CallHierarchyCall, CallHierarchyResult, CallHierarchySymbol, CallSite } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { CallEdge, CallItem, QueryScope, SourceSpan } from '../ports/symbol-index.js';
import { compareLocations } from '../rules/ordering.js';
import { displayPath, isExternalPath } from '../rules/paths.js';
import { guard } from './guard.js';
import { describeItem, itemKey } from './hierarchy-items.js';
import type { Outlines } from './outlines.js';
import type { BridgePorts } from './ports.js';
import { designatedTarget, resolvePositionQuery } from './resolve-address.js';
import { SourceTexts } from './source-texts.js';

/**
 * Who calls a function (incoming) or what it calls (outgoing), `depth` levels deep. A
 * function already on the path is marked recursive and not followed again; functions
 * outside the workspace are listed but not followed.
 */
export function callHierarchy(ports: BridgePorts, input: CallHierarchyInput, signal: Signal): Promise<CallHierarchyResult | ToolError> {
  return guard(signal, async () => {
    const depth = boundedInput(INPUT_BOUNDS.callDepth, input.depth);
    if (typeof depth !== 'number') return depth;
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { scope, outlines } = query;
    const target = await designatedTarget(ports, query);
    const at = { path: target.path, offset: target.identifier.start };
    const texts = new SourceTexts(ports.symbols, scope);
    texts.seed(target.path, target.lines);
    const describe = new Describer(scope, texts, outlines);

    const items = await ports.symbols.callItems(scope, at);
    const rootItem = items[0];
    if (rootItem === undefined) {
      const declaration = await outlines.declarationAt(target.path, target.identifier.start);
      const placed = target.lines.positionOf(target.identifier.start);
      return {
        success: true,
        direction: input.direction,
        symbol: {
          name: target.identifier.text,
          kind: declaration?.kind ?? 'variable',
          ...(declaration?.nodeId === undefined ? {} : { nodeId: declaration.nodeId }),
          filePath: displayPath(scope.workspaceRoot, target.path),
          line: placed.line,
          column: placed.column,
        },
        calls: [],
        totalCalls: 0,
        truncated: false,
      };
    }

    let listed = 0;
    let truncated = false;
    const expand = async (item: CallItem, level: number, path: ReadonlySet<string>): Promise<CallHierarchyCall[]> => {
      const edges: readonly CallEdge[] =
        input.direction === 'incoming' ? await ports.symbols.incomingCalls(scope, item) : await ports.symbols.outgoingCalls(scope, item);
      const calls: { call: CallHierarchyCall; item: CallItem }[] = [];
      for (const edge of edges) {
        const sitesFile = input.direction === 'incoming' ? edge.item.path : item.path;
        const sites = await describe.sites(edge.sites, sitesFile);
        calls.push({ call: { ...(await describe.symbol(edge.item)), callSites: sites }, item: edge.item });
      }
      calls.sort((a, b) => compareLocations(a.call, b.call));
      const out: CallHierarchyCall[] = [];
      for (const { call, item: next } of calls) {
        if (listed >= MAX_CALLS) {
          truncated = true;
          break;
        }
        listed++;
        const key = itemKey(next);
        if (path.has(key)) {
          out.push({ ...call, recursive: true });
          continue;
        }
        if (level < depth && !isExternalPath(scope.workspaceRoot, next.path)) {
          const deeper = await expand(next, level + 1, new Set([...path, key]));
          out.push(deeper.length > 0 ? { ...call, calls: deeper } : call);
        } else {
          out.push(call);
        }
      }
      return out;
    };
    const calls = await expand(rootItem, 1, new Set([itemKey(rootItem)]));
    return { success: true, direction: input.direction, symbol: await describe.symbol(rootItem), calls, totalCalls: listed, truncated };
  });
}

/** Turns call items and sites into located, named results. */
class Describer {
  constructor(
    private readonly scope: QueryScope,
    private readonly texts: SourceTexts,
    private readonly outlines: Outlines,
  ) {}

  symbol(item: CallItem): Promise<CallHierarchySymbol> {
    return describeItem(this.scope, this.texts, this.outlines, item);
  }

  async sites(spans: readonly SourceSpan[], path: string): Promise<CallSite[]> {
    // TypeScript reports `a.b()` twice (the call and the property access): one site each place.
    const sites = new Map<string, CallSite>();
    for (const span of spans) {
      const file = span.path === '' ? path : span.path;
      const placed = await this.texts.place({ ...span, path: file });
      if (placed === undefined) continue;
      const site = { filePath: displayPath(this.scope.workspaceRoot, file), line: placed.start.line, column: placed.start.column };
      sites.set(`${site.filePath}:${site.line}:${site.column}`, site);
    }
    return [...sites.values()].sort(compareLocations);
  }
}
