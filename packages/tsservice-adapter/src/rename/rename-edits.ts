import { dedupeSpans, type FileOffset, type RenameInfo, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import { sourceSpanOf } from '../convert/document-spans.js';
import { relatedProjects, spelledNames, symbolTarget } from '../navigation/cross-project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { renameAnchor } from './rename-anchor.js';
import { renameLocations } from './rename-locations.js';

/** Whether TypeScript can rename what is at `at`, and the name it would rename. */
export function renameInfoAt(ws: WorkspaceAccess, at: FileOffset): RenameInfo {
  const info = ws.projectFor(at.path).ls.getRenameInfo(at.path, at.offset, { allowRenameOfImportPath: false });
  return info.canRename ? { canRename: true, name: info.displayName } : { canRename: false, reason: info.localizedErrorMessage };
}

/** The edits of renaming the symbol at `at` (from its exported declaration) in its project and every project that uses it. */
export function renameEditsAt(ws: WorkspaceAccess, at: FileOffset, newName: string): TextEdit[] {
  const { files } = ws.ctx;
  const project = ws.projectFor(at.path);
  const anchor = renameAnchor(project.program(), at);
  const target = symbolTarget(project.program(), anchor, (f) => files.realpath(f));
  const span = (entry: ts.DocumentSpan): SourceSpan => sourceSpanOf(files, entry);
  const edits = renameLocations(project, anchor, newName, span);
  const related = relatedProjects(ws.ctx, ws.pool, ws.root, project, target, spelledNames(ws.ctx, edits));
  for (const { project: other, anchor: there } of related) edits.push(...renameLocations(other, there, newName, span));
  return dedupeSpans(edits);
}
