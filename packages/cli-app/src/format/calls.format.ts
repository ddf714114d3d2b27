import { MAX_CALLS, type CallHierarchyCall, type CallHierarchyResult, type CallHierarchySymbol } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';

/**
 * The symbol, then its callers (incoming) or callees (outgoing) as an indented tree, each
 * `kind name  path:line:col  nodeId` with its call sites below it: `at path:line:col, …`.
 */
export function formatCalls(result: CallHierarchyResult, out: Formatter): string[] {
  const { style } = out;
  const lines = [symbolLine(result.symbol, out)];
  const visit = (calls: readonly CallHierarchyCall[], depth: number): void => {
    const indent = '  '.repeat(depth);
    for (const call of calls) {
      lines.push(`${indent}${symbolLine(call, out)}${call.recursive === true ? `  ${style.dim('(recursive; not followed again)')}` : ''}`);
      if (call.callSites.length > 0) {
        lines.push(
          `${indent}    ${style.dim('at')} ${call.callSites.map((site) => out.location(site.filePath, site.line, site.column)).join(', ')}`,
        );
      }
      visit(call.calls ?? [], depth + 1);
    }
  };
  visit(result.calls, 1);
  const noun =
    result.direction === 'incoming'
      ? `${plural(result.totalCalls, 'incoming call')} to`
      : `${plural(result.totalCalls, 'outgoing call')} from`;
  const cut = result.truncated ? `; the list stops at ${MAX_CALLS} calls` : '';
  return [...lines, '', style.bold(`${noun} ${result.symbol.name}${cut}`)];
}

/** `kind name  path:line:col  nodeId`: a function of a call hierarchy, or a type of a type hierarchy. */
export function symbolLine(symbol: CallHierarchySymbol, out: Formatter): string {
  const { style } = out;
  const id = symbol.nodeId === undefined ? '' : `  ${style.dim(symbol.nodeId)}`;
  return `${style.dim(symbol.kind)} ${style.bold(symbol.name)}  ${out.location(symbol.filePath, symbol.line, symbol.column)}${id}`;
}
