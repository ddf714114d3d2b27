import { dedupeSpans, type FileFailure, type FileOffset, type ReferencesAnswer, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { packageReachFacts } from '@mcp-lsp-bridge/ts-workspace';
import { sourceSpanOf } from '../convert/document-spans.js';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { commonJsUses } from './commonjs-uses.js';
import { declarationSpans, inSource, relatedProjects, spelledNames, symbolTarget, targetReach } from './cross-project.js';
import { joinUnlistedImporters } from './unlisted-importers.js';

/**
 * Every reference to the symbol at `at`, from its project and from every other project that
 * contains its declaration (in source, or in the build output a consumer imports the package
 * by), and the uses of a CommonJS export its search misses (see `commonJsUses`), in source. The
 * workspace files no config lists that import a project's file and spell the symbol's names are
 * searched too (see `joinUnlistedImporters`). The files the searched projects could not read, the
 * unlisted importers that could not join a project, and the consumer packages that could not be
 * searched, are the answer's failures.
 */
export function referencesAt(ws: WorkspaceAccess, at: FileOffset): ReferencesAnswer {
  const { files } = ws.ctx;
  const project = ws.projectFor(at.path);
  const target = symbolTarget(project.ts, project.program(), at, (f) => files.realpath(f));
  const reach = targetReach(ws.ctx, ws.root, target);
  const first = joinUnlistedImporters(ws, project, target, spelledNames(ws.ctx, declarationSpans(target)), new Set());
  let spans = referencesIn(ws, project, at);
  const names = spelledNames(ws.ctx, spans);
  // Aliases the first answer spells (`export { x as y }`) may be all an importer spells: those join too.
  const more = joinUnlistedImporters(ws, project, target, names, new Set(first.related.map((r) => r.project)));
  if (more.primaryGrew) spans = referencesIn(ws, project, at);
  const related = relatedProjects(ws.ctx, ws.pool, ws.root, project, target, names, reach);
  const searched = new Set([project, ...related.map((r) => r.project)]);
  related.push(...[...first.related, ...more.related].filter((r) => !searched.has(r.project)));
  for (const { project: other, anchor } of related) spans.push(...referencesIn(ws, other, anchor));
  const commonJs = commonJsUses(ws, project, at);
  spans.push(...commonJs.uses);
  const references = dedupeSpans(inSource(ws.ctx, ws.root, spans));
  const failures = new Map<string, FileFailure>([...commonJs.failures, ...first.failures, ...more.failures].map((f) => [f.path, f]));
  for (const searched of [project, ...related.map((r) => r.project)]) {
    for (const failure of searched.failures()) if (!failures.has(failure.path)) failures.set(failure.path, failure);
  }
  if (reach === undefined) return { references, failures: [...failures.values()] };
  const reached = new Set(references.map((r) => r.path));
  const packages = packageReachFacts(ws.ctx.workspace, ws.ctx.workspace.view(ws.root), reach, names, reached);
  return { references, failures: [...failures.values()], packages };
}

function referencesIn(ws: WorkspaceAccess, project: Project, at: FileOffset): SourceSpan[] {
  const groups = project.ls.findReferences(at.path, at.offset) ?? [];
  return groups.flatMap((group) => group.references.map((entry) => sourceSpanOf(ws.ctx.files, entry)));
}
