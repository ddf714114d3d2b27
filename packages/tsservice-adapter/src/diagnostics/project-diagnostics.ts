import { bridgeErrorOf, type DiagnosticsPlan, type FileCheck, type FileFailure, type QueryScope } from '@mcp-lsp-bridge/domain';
import { projectFiles } from '@mcp-lsp-bridge/ts-workspace';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { fileDiagnostics } from './file-diagnostics.js';

/**
 * What project-wide diagnostics check here: every source file of every project config of the
 * workspace (or of the inferred project when there is none) that this index answers for, one
 * at a time (a language service answers one call at a time); broken configs and unreadable
 * files fail before any check. The domain walks the files, one port call each, so surplus
 * language services go between files (every call ends by trimming the pool).
 */
export function diagnosticsPlan(ws: WorkspaceAccess): Omit<DiagnosticsPlan, 'scope'> {
  const { ctx, root } = ws;
  const listing = ctx.workspace.listing(root);
  const found = ctx.workspace.configsOf(root, listing);
  const first = found.broken[0];
  if (found.configs.length === 0 && first !== undefined) throw first.error;
  const failures: FileFailure[] = found.broken.map(({ path, reason }) => ({ path, reason }));
  const files: string[] = [];
  // A file of a project another backend owns is that backend's to check.
  for (const file of projectFiles(root, found, listing).filter((f) => ownedHere(ws, f))) {
    const failure = ctx.files.failure(file);
    if (failure !== undefined) failures.push({ path: file, reason: failure });
    else if (ctx.files.fileExists(file)) files.push(file);
  }
  return { groups: files.length === 0 ? [] : [{ files, inFlight: 1 }], failures };
}

/** One file of the plan, checked in the project that owns it; what keeps it from being checked is its failure. */
export function checkFile(ws: WorkspaceAccess, scope: QueryScope, file: string): FileCheck {
  const { ctx } = ws;
  try {
    return { diagnostics: fileDiagnostics(ws.projectFor(file), file, (f) => ctx.files.realpath(f)) };
  } catch (error) {
    if (scope.signal.aborted || ctx.modules.isCancellation(error)) throw error;
    return { failure: bridgeErrorOf(error)?.message ?? (error instanceof Error ? error.message : String(error)) };
  }
}

/** Whether this index checks `file`; a file whose config is broken stays, to be reported as a failure. */
function ownedHere(ws: WorkspaceAccess, file: string): boolean {
  try {
    return ws.ctx.owns(ws.root, ws.ctx.workspace.ownerOf(ws.root, file).spec);
  } catch {
    return true;
  }
}
