import {
  bridgeErrorOf,
  type DiagnosticRecord,
  type FileFailure,
  type ProjectDiagnosticsAnswer,
  type QueryScope,
} from '@mcp-lsp-bridge/domain';
import { projectFiles } from '@mcp-lsp-bridge/ts-workspace';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { fileDiagnostics } from './file-diagnostics.js';

/**
 * Every source file of every project config of the workspace (or of the inferred project
 * when there is none), each checked in the project that owns it. A file that cannot be
 * checked becomes a failure; the signal is checked and the event loop given a turn between
 * files, so a timeout can fire during a long run.
 */
export async function projectDiagnostics(ws: WorkspaceAccess, scope: QueryScope): Promise<ProjectDiagnosticsAnswer> {
  const { ctx, root } = ws;
  const listing = ctx.workspace.listing(root);
  const found = ctx.workspace.configsOf(root, listing);
  const first = found.broken[0];
  if (found.configs.length === 0 && first !== undefined) throw first.error;
  const failures: FileFailure[] = found.broken.map(({ path, reason }) => ({ path, reason }));
  // A file of a project another backend owns is that backend's to check.
  const files = projectFiles(root, found, listing).filter((file) => ownedHere(ws, file));
  const diagnostics: DiagnosticRecord[] = [];
  let filesChecked = 0;
  let done = 0;
  for (const file of files) {
    await nextTurn();
    scope.signal.throwIfAborted();
    try {
      const failure = ctx.files.failure(file);
      if (failure !== undefined) failures.push({ path: file, reason: failure });
      else if (ctx.files.fileExists(file)) {
        diagnostics.push(...fileDiagnostics(ws.projectFor(file), file, (f) => ctx.files.realpath(f)));
        filesChecked++;
      }
    } catch (error) {
      if (scope.signal.aborted || ctx.modules.isCancellation(error)) throw error;
      failures.push({ path: file, reason: bridgeErrorOf(error)?.message ?? (error instanceof Error ? error.message : String(error)) });
    }
    done++;
    // Surplus language services can go between files, which hold no project.
    ws.pool.trim();
    scope.onProgress?.({ done, total: files.length });
  }
  return { diagnostics, failures, filesChecked };
}

/** Whether this index checks `file`; a file whose config is broken stays, to be reported as a failure. */
function ownedHere(ws: WorkspaceAccess, file: string): boolean {
  try {
    return ws.ctx.owns(ws.root, ws.ctx.workspace.ownerOf(ws.root, file).spec);
  } catch {
    return true;
  }
}
