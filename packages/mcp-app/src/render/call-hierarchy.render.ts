import { MAX_CALLS, type CallHierarchyCall, type CallHierarchyResult, type CallSite } from '@mcp-lsp-bridge/domain/front';

/**
 * The callers (or callees) as an indented tree, one a line:
 * `function main  src/main.ts:4:17  function:src/main.ts:main  at 6:3, 7:3`. Call sites are
 * `line:column` in the file where the call is written; a site elsewhere keeps its path.
 */
export function renderCallHierarchy(result: CallHierarchyResult): string {
  const s = result.symbol;
  const incoming = result.direction === 'incoming';
  const what = `${s.kind} ${s.name} (${s.filePath}:${s.line}:${s.column})`;
  if (result.calls.length === 0) return incoming ? `No calls to ${what} found.` : `No calls from ${what} found.`;
  const lines = [
    `${incoming ? 'Callers' : 'Callees'} of ${what}, ${result.totalCalls} listed; call sites are line:column in the ` +
      `${incoming ? 'caller' : 'calling function'}'s file` +
      (result.truncated ? `. Stopped at ${MAX_CALLS} calls (truncated): call again on a nodeId below to go further` : ''),
  ];
  const visit = (calls: readonly CallHierarchyCall[], parentFile: string, depth: number): void => {
    for (const c of calls) {
      const siteFile = incoming ? c.filePath : parentFile;
      const id = c.nodeId === undefined ? '' : `  ${c.nodeId}`;
      const recursive = c.recursive === true ? ' [recursive, not expanded]' : '';
      lines.push(
        `${'  '.repeat(depth)}${c.kind} ${c.name}  ${c.filePath}:${c.line}:${c.column}${id}  at ${sites(c.callSites, siteFile)}${recursive}`,
      );
      if (c.calls) visit(c.calls, c.filePath, depth + 1);
    }
  };
  visit(result.calls, s.filePath, 0);
  return lines.join('\n');
}

function sites(callSites: readonly CallSite[], file: string): string {
  return callSites.map((site) => `${site.filePath === file ? '' : `${site.filePath}:`}${site.line}:${site.column}`).join(', ');
}
