import { dedupeSpans, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { sourceSpanOf } from '../convert/document-spans.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { inSource } from './cross-project.js';

/** TypeScript's type definitions of the symbol at `at`; one in a workspace package's build output is its source's. */
export function typeDefinitionsAt(ws: WorkspaceAccess, at: FileOffset): SourceSpan[] {
  const project = ws.projectFor(at.path);
  const found = (project.ls.getTypeDefinitionAtPosition(at.path, at.offset) ?? []).map((d) => sourceSpanOf(ws.ctx.files, d));
  return dedupeSpans(inSource(ws.ctx, ws.root, found));
}
