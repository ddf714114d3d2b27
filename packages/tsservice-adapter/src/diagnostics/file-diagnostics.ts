import { BridgeException, unusableFile, type DiagnosticRecord } from '@mcp-lsp-bridge/domain';
import { toDiagnosticRecord } from '../convert/diagnostic-records.js';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';

/** Syntactic, semantic and suggestion diagnostics of one file, in the project that owns it. */
export function fileDiagnostics(project: Project, file: string, realPath: (file: string) => string): DiagnosticRecord[] {
  const { diagnosticsLs: ls, ts } = project;
  const all = [...ls.getSyntacticDiagnostics(file), ...ls.getSemanticDiagnostics(file), ...ls.getSuggestionDiagnostics(file)];
  return all.flatMap((diagnostic) => toDiagnosticRecord(ts, diagnostic, realPath) ?? []);
}

/** The diagnostics port call for one file: a file that cannot be read is refused with FILE_UNREADABLE. */
export function diagnosticsOf(ws: WorkspaceAccess, path: string): DiagnosticRecord[] {
  const failure = ws.ctx.files.failure(path);
  if (failure !== undefined) throw new BridgeException(unusableFile(ws.root, path, failure, 'check'));
  return fileDiagnostics(ws.projectFor(path), path, (f) => ws.ctx.files.realpath(f));
}
