import { compareLocations } from './expectations.js';
import { markedNodes, type MarkedNode } from './nodes.js';
import type { CallDirection, CallHierarchyCall, LocatedSymbol, CallSite } from './symbol-results.js';
import type { Marker, Workspace } from './workspace.js';

interface Edge {
  readonly caller: string;
  readonly callee: string;
  readonly site: Marker;
}

/** The call graph the fixture's `/*@call:<caller>><callee>*\/` markers draw. */
async function edgesOf(ws: Workspace): Promise<Edge[]> {
  return (await ws.markers({ kinds: ['call'] })).map((site) => {
    const [caller = '', callee = ''] = site.tag.split('>');
    return { caller, callee, site };
  });
}

export function symbolOf(node: MarkedNode): LocatedSymbol {
  return { name: node.name, kind: node.kind, nodeId: node.nodeId, filePath: node.file, line: node.line, column: node.column };
}

/**
 * What call_hierarchy must answer for the declaration marked `root`, `depth` levels deep:
 * each caller (incoming) or callee (outgoing) with its call sites, sorted by path, line and
 * column; one already on the path from the root is `recursive` and not followed.
 */
export async function expectedCallHierarchy(
  ws: Workspace,
  root: string,
  direction: CallDirection,
  depth: number,
): Promise<{ symbol: LocatedSymbol; calls: CallHierarchyCall[]; totalCalls: number }> {
  const edges = await edgesOf(ws);
  const nodes = await markedNodes(ws);
  const nodeOf = (name: string): MarkedNode => {
    const found = nodes.find((n) => n.qualifiedName === name);
    if (found === undefined) throw new Error(`call marker names ${name}, which has no node marker`);
    return found;
  };
  let total = 0;
  const level = (of: string, path: readonly string[], remaining: number): CallHierarchyCall[] => {
    const relevant = edges.filter((e) => (direction === 'incoming' ? e.callee === of : e.caller === of));
    const others = [...new Set(relevant.map((e) => (direction === 'incoming' ? e.caller : e.callee)))];
    const calls = others.map((other): CallHierarchyCall => {
      total++;
      const callSites: CallSite[] = relevant
        .filter((e) => (direction === 'incoming' ? e.caller : e.callee) === other)
        .map((e) => ({ filePath: e.site.file, line: e.site.line, column: e.site.column }))
        .sort(compareLocations);
      const call: CallHierarchyCall = { ...symbolOf(nodeOf(other)), callSites };
      if (path.includes(other)) return { ...call, recursive: true };
      if (remaining <= 1) return call;
      const next = level(other, [...path, other], remaining - 1);
      return next.length > 0 ? { ...call, calls: next } : call;
    });
    return calls.sort(compareLocations);
  };
  const calls = level(root, [root], depth);
  return { symbol: symbolOf(nodeOf(root)), calls, totalCalls: total };
}

/** Calls as returned, with empty `calls` dropped, so they compare with `expectedCallHierarchy`. */
export function withoutEmptyCalls(calls: readonly CallHierarchyCall[]): CallHierarchyCall[] {
  return calls.map(({ calls: next, ...call }) =>
    next !== undefined && next.length > 0 ? { ...call, calls: withoutEmptyCalls(next) } : call,
  );
}
