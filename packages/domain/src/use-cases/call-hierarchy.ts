import type { ToolError } from '../errors/bridge-error.js';
import { MAX_CALLS, type CallHierarchyInput } from '../model/inputs.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import type { CallHierarchyCall, CallHierarchyResult, CallSite } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { CallEdge, CallItem, QueryScope, SourceSpan } from '../ports/symbol-index.js';
import { mergeCallEdges } from '../rules/call-edges.js';
import { compareLocations } from '../rules/ordering.js';
import { displayPath } from '../rules/paths.js';
import { guard } from './guard.js';
import { describeItem, HierarchyWalk, type HierarchyStep } from './hierarchy-items.js';
import { missedCallers, unnamedFunctionItem } from './missed-callers.js';
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

    const items = await ports.symbols.callItems(scope, at);
    const rootItem =
      items[0] ?? (input.direction === 'incoming' ? await unnamedFunctionItem(outlines, target.path, target.identifier.start) : undefined);
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

    const incomingCalls = async (item: CallItem): Promise<readonly CallEdge[]> => {
      const found = await ports.symbols.incomingCalls(scope, item);
      return mergeCallEdges([...found, ...(await missedCallers(ports, scope, outlines, texts, item, found))]);
    };
    const step: HierarchyStep<CallHierarchyCall> = async (item) => {
      const edges: readonly CallEdge[] =
        input.direction === 'incoming' ? await incomingCalls(item) : await ports.symbols.outgoingCalls(scope, item);
      const calls: { node: CallHierarchyCall; item: CallItem }[] = [];
      for (const edge of edges) {
        const sitesFile = input.direction === 'incoming' ? edge.item.path : item.path;
        const callSites = await sitesOf(scope, texts, edge.sites, sitesFile);
        calls.push({ node: { ...(await describeItem(scope, texts, outlines, edge.item)), callSites }, item: edge.item });
      }
      return calls;
    };
    const walk = new HierarchyWalk<CallHierarchyCall>(scope.workspaceRoot, depth, MAX_CALLS, (call, calls) => ({ ...call, calls }));
    const calls = await walk.expand(step, rootItem);
    const symbol = await describeItem(scope, texts, outlines, rootItem);
    return { success: true, direction: input.direction, symbol, calls, totalCalls: walk.listed, truncated: walk.truncated };
  });
}

/** Call sites, placed, in location order. */
async function sitesOf(scope: QueryScope, texts: SourceTexts, spans: readonly SourceSpan[], path: string): Promise<CallSite[]> {
  // TypeScript reports `a.b()` twice (the call and the property access): one site each place.
  const sites = new Map<string, CallSite>();
  for (const span of spans) {
    const file = span.path === '' ? path : span.path;
    const placed = await texts.place({ ...span, path: file });
    if (placed === undefined) continue;
    const site = { filePath: displayPath(scope.workspaceRoot, file), line: placed.start.line, column: placed.start.column };
    sites.set(`${site.filePath}:${site.line}:${site.column}`, site);
  }
  return [...sites.values()].sort(compareLocations);
}
