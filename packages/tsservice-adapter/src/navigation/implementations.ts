import { dedupeSpans, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { declarationSpans, inSource, relatedProjects, spelledNames, symbolTarget } from './cross-project.js';
import { declarationNameSpan } from './declaration-names.js';

/**
 * The implementations of the symbol at `at`, from its project and from every other project
 * that contains its declaration (a package's dependents), each narrowed to its name.
 */
export function implementations(ws: WorkspaceAccess, at: FileOffset): SourceSpan[] {
  const realPath = (file: string): string => ws.ctx.files.realpath(file);
  const project = ws.projectFor(at.path);
  const found = implementationsIn(project, at, realPath);
  const target = symbolTarget(project.ts, project.program(), at, realPath);
  // An implementer elsewhere names the symbol, or extends one of the implementations found here.
  const names = spelledNames(ws.ctx, [...declarationSpans(target), ...found]);
  for (const { project: other, anchor } of relatedProjects(ws.ctx, ws.pool, ws.root, project, target, names)) {
    found.push(...implementationsIn(other, anchor, realPath));
  }
  // In a declaration file every declaration is ambient, so TypeScript counts even its imports as
  // implementations: build output is left out, its package's own source answers for it.
  return dedupeSpans(inSource(ws.ctx, ws.root, found, 'drop'));
}

function implementationsIn(project: Project, at: FileOffset, realPath: (file: string) => string): SourceSpan[] {
  const program = project.program();
  return (project.ls.getImplementationAtPosition(at.path, at.offset) ?? []).map((location) => {
    const sourceFile = program.getSourceFile(location.fileName);
    const span = sourceFile === undefined ? location.textSpan : declarationNameSpan(project.ts, sourceFile, location.textSpan);
    return { path: realPath(location.fileName), start: span.start, length: span.length };
  });
}
