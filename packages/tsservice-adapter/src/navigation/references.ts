import { dedupeSpans, spanKey, type FileFailure, type FileOffset, type ReferencesAnswer, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { sourceSpanOf } from '../convert/document-spans.js';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { relatedProjects, spelledNames, symbolTarget } from './cross-project.js';

/**
 * Every reference to the symbol at `at`, from its project and from every other project that
 * contains its declaration, flagged where they declare it; the files the searched projects
 * could not read are the answer's failures.
 */
export function referencesAt(ws: WorkspaceAccess, at: FileOffset): ReferencesAnswer {
  const { files } = ws.ctx;
  const project = ws.projectFor(at.path);
  const target = symbolTarget(project.ts, project.program(), at, (f) => files.realpath(f));
  const declarations = new Set(target.declarations.map((d) => spanKey({ path: d.path, start: d.offset })));
  const spans = referencesIn(ws, project, at);
  const related = relatedProjects(ws.ctx, ws.pool, ws.root, project, target, spelledNames(ws.ctx, spans));
  for (const { project: other, anchor } of related) spans.push(...referencesIn(ws, other, anchor));
  const references = dedupeSpans(spans).map((span) => ({ ...span, isDeclaration: declarations.has(spanKey(span)) }));
  const failures = new Map<string, FileFailure>();
  for (const searched of [project, ...related.map((r) => r.project)]) {
    for (const failure of searched.failures()) if (!failures.has(failure.path)) failures.set(failure.path, failure);
  }
  return { references, failures: [...failures.values()] };
}

function referencesIn(ws: WorkspaceAccess, project: Project, at: FileOffset): SourceSpan[] {
  const groups = project.ls.findReferences(at.path, at.offset) ?? [];
  return groups.flatMap((group) => group.references.map((entry) => sourceSpanOf(ws.ctx.files, entry)));
}
