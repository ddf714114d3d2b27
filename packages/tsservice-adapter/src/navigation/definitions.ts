import { dedupeSpans, spanKey, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { sourceSpanOf } from '../convert/document-spans.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { commonJsDeclaration } from './commonjs-uses.js';
import { declarationSpans, inSource, symbolTarget } from './cross-project.js';

/**
 * TypeScript's definitions of the symbol at `at`; on a call, every declaration of the symbol rather
 * than the one matching overload; of a CommonJS export, its declaration (see `commonJsDeclaration`).
 */
export function definitionsAt(ws: WorkspaceAccess, at: FileOffset): SourceSpan[] {
  const { files } = ws.ctx;
  const project = ws.projectFor(at.path);
  const found = (project.ls.getDefinitionAtPosition(at.path, at.offset) ?? [])
    .map((d) => sourceSpanOf(files, d))
    .flatMap((span) => commonJsDeclaration(project, span, (f) => files.realpath(f)) ?? [span]);
  // On a call TypeScript names only the matching overload; AC-1.2.2 wants every declaration.
  const declarations = declarationSpans(symbolTarget(project.ts, project.program(), at, (f) => files.realpath(f)));
  const keys = new Set(declarations.map(spanKey));
  const spans = found.some((span) => keys.has(spanKey(span))) ? [...found, ...declarations] : found;
  // From a consumer that imports a workspace package by name, the declaration is in the package's source, not its build output.
  return dedupeSpans(inSource(ws.ctx, ws.root, spans));
}
