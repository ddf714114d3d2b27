import { dedupeSpans, type FileOffset, type SourceSpan, type SymbolMatch } from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import { CancelledError } from './cancellation.js';
import type { WorkspaceAccess } from './context.js';
import { declarationSpans, relatedProjects, spelledNames, symbolTarget } from './cross-project.js';
import { configSpec, inferredSpec, isWorkspaceFile, workspaceConfigs, type ProjectSpec } from './project-discovery.js';
import type { Project } from './project-service.js';
import { symbolKindOfScriptElement } from '@mcp-lsp-bridge/ts-syntax';
import { declarationNameSpan } from './syntax.js';

/**
 * The implementations of the symbol at `at`, from its project and from every other project
 * that contains its declaration (a package's dependents), each narrowed to its name.
 */
export function implementations(ws: WorkspaceAccess, at: FileOffset): SourceSpan[] {
  const realPath = (file: string): string => ws.ctx.files.realpath(file);
  const project = ws.projectFor(at.path);
  const found = implementationsIn(project, at, realPath);
  const target = symbolTarget(project.program(), at, realPath);
  // An implementer elsewhere names the symbol, or extends one of the implementations found here.
  const names = spelledNames(ws.ctx, [...declarationSpans(target), ...found]);
  for (const { project: other, anchor } of relatedProjects(ws.ctx, ws.pool, ws.root, project, target, names)) {
    found.push(...implementationsIn(other, anchor, realPath));
  }
  return dedupeSpans(found);
}

function implementationsIn(project: Project, at: FileOffset, realPath: (file: string) => string): SourceSpan[] {
  const program = project.program();
  return (project.ls.getImplementationAtPosition(at.path, at.offset) ?? []).map((location) => {
    const sourceFile = program.getSourceFile(location.fileName);
    const span = sourceFile === undefined ? location.textSpan : declarationNameSpan(sourceFile, location.textSpan);
    return { path: realPath(location.fileName), start: span.start, length: span.length };
  });
}

const MATCH_RANK: Readonly<Record<ts.NavigateToItem['matchKind'], number>> = { exact: 0, prefix: 1, substring: 2, camelCase: 3 };

/**
 * Navigate-to over every project of the workspace (the inferred one when there is no config),
 * `.d.ts` files and files outside the workspace left out. Each project gives its best
 * `maxResults`; the merged list keeps TypeScript's order of match quality.
 */
export function searchSymbols(ws: WorkspaceAccess, query: string, maxResults: number): SymbolMatch[] {
  const found: { readonly rank: number; readonly match: SymbolMatch }[] = [];
  for (const spec of workspaceProjects(ws)) {
    if (ws.ctx.token.isCancellationRequested()) throw new CancelledError();
    const project = ws.pool.get(spec);
    project.sync(ws.root);
    const program = project.program();
    for (const item of project.ls.getNavigateToItems(query, maxResults, undefined, true)) {
      const path = ws.ctx.files.realpath(item.fileName);
      if (!isWorkspaceFile(ws.root, path)) continue;
      const sourceFile = program.getSourceFile(item.fileName);
      const span = sourceFile === undefined ? item.textSpan : declarationNameSpan(sourceFile, item.textSpan);
      const containerName = item.containerName === '' ? undefined : item.containerName;
      found.push({
        rank: MATCH_RANK[item.matchKind],
        match: { name: item.name, kind: symbolKindOfScriptElement(item.kind), path, start: span.start, length: span.length, containerName },
      });
    }
    // Each project's answer is taken; surplus language services can go before the next loads.
    ws.pool.trim();
  }
  return dedupeSpans(found.sort((a, b) => a.rank - b.rank).map((entry) => entry.match)).slice(0, maxResults);
}

/** The projects project-wide diagnostics checks: every usable config with files, or the inferred project. */
function workspaceProjects(ws: WorkspaceAccess): ProjectSpec[] {
  const { configs, broken } = workspaceConfigs(ws.ctx, ws.root);
  const first = broken[0];
  if (configs.length === 0 && first !== undefined) throw first.error;
  if (configs.length === 0) return [inferredSpec(ws.root)];
  return configs.filter((configPath) => (ws.ctx.configs.tryGet(configPath, ws.root)?.fileNames.size ?? 0) > 0).map(configSpec);
}
