import { dedupeSpans, type SymbolMatch } from '@mcp-lsp-bridge/domain';
import { declarationPlace, symbolKindOfScriptElement } from '@mcp-lsp-bridge/ts-syntax';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import { CancelledError } from '../cancellation.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { workspaceProjects } from '../project/workspace-projects.js';
import { declarationNameSpan } from './declaration-names.js';

/**
 * Navigate-to over every project of the workspace (the inferred one when there is no config),
 * `.d.ts` files and files outside the workspace left out. Each project gives its best
 * `maxResults` by TypeScript's matching; the domain ranks the merged list.
 */
export function searchSymbols(ws: WorkspaceAccess, query: string, maxResults: number): SymbolMatch[] {
  const found: SymbolMatch[] = [];
  for (const spec of workspaceProjects(ws)) {
    if (ws.ctx.token.isCancellationRequested()) throw new CancelledError();
    const project = ws.pool.get(spec);
    project.syncWithDisk(ws.root);
    const program = project.program();
    for (const item of project.ls.getNavigateToItems(query, maxResults, undefined, true)) {
      const path = ws.ctx.files.realpath(item.fileName);
      if (!isWorkspaceFile(ws.root, path)) continue;
      const sourceFile = program.getSourceFile(item.fileName);
      const span = sourceFile === undefined ? item.textSpan : declarationNameSpan(project.ts, sourceFile, item.textSpan);
      const containerName = item.containerName === '' ? undefined : item.containerName;
      const place = sourceFile === undefined ? undefined : declarationPlace(project.ts, sourceFile, span.start);
      found.push({
        name: item.name,
        kind: symbolKindOfScriptElement(item.kind),
        path,
        start: span.start,
        length: span.length,
        containerName,
        place,
      });
    }
    // Each project's answer is taken; surplus language services can go before the next loads.
    ws.pool.trim();
  }
  // Ranking is the domain's (one rule for every backend): the projects' matches, at most maxResults.
  return dedupeSpans(found).slice(0, maxResults);
}
