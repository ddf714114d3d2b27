import { bridgeErrorOf, type DiagnosticRecord, type DiagnosticsPlan, type FileCheck, type FileFailure } from '@mcp-lsp-bridge/domain';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import type { CallContext } from '../call-context.js';
import { diagnosticsWayOf, fileDiagnostics, isNoProjectError } from './file-diagnostics.js';
import { inScope, pyrightScope } from '../languages/checker-scope.js';

/** Files checked together: a TypeScript project's (its config's), or the rest. */
interface FileGroup {
  readonly files: readonly string[];
}

/** Requests in flight at once: the server works one at a time, but the round trips overlap. */
const CONCURRENCY = 4;

/**
 * What project-wide diagnostics check on this server: every source file of the workspace, a
 * TypeScript project at a time (a file in two configs is checked once, with the first; a file
 * of a project another backend owns is left to it), `CONCURRENCY` checks in flight, or one for
 * a server whose pushed diagnostics are whole only for a document checked alone (`checksOneAtATime`). Broken configs and
 * unreadable files fail before any check. The domain walks the groups and owns the budget.
 */
export function diagnosticsPlan(ctx: CallContext): Omit<DiagnosticsPlan, 'scope'> {
  const { groups, failures } = fileGroups(ctx);
  const inFlight = ctx.profile.checksOneAtATime === true && diagnosticsWayOf(ctx) === 'push' ? 1 : CONCURRENCY;
  return { groups: groups.map(({ files }) => ({ files, inFlight })), failures };
}

/**
 * One planned file, by the way the server offers best (`fileDiagnostics`). A group's first file
 * is opened first on tsserver (the server loads a project once one of its files is open); a
 * pushed check's file (or pulled from a server that would keep it: `pullsDiagnostics`) is closed again after, as a workspace may hold more files than a server
 * should keep open. What keeps the file from being checked is its failure, unless the server is gone.
 */
export async function checkPlannedFile(ctx: CallContext, file: string, leadsGroup: boolean): Promise<FileCheck> {
  const way = diagnosticsWayOf(ctx);
  if (leadsGroup && way === 'tsserver') await ctx.live.sync.ensureOpen(file);
  let check: FileCheck;
  try {
    check = { diagnostics: await checkFile(ctx, file) };
  } catch (error) {
    if (ctx.signal.aborted || !ctx.live.server.alive) throw error;
    check = { failure: bridgeErrorOf(error)?.message ?? (error instanceof Error ? error.message : String(error)) };
  }
  if (way === 'push' || ctx.profile.pullsDiagnostics === true) await ctx.live.sync.close(file);
  return check;
}

/** The files to check, readable ones grouped by TypeScript config and the rest of the workspace's last; the failures known before. */
function fileGroups(ctx: CallContext): { groups: FileGroup[]; failures: FileFailure[] } {
  const { files } = ctx.workspace;
  const failures: FileFailure[] = [];
  const grouped = new Set<string>();
  const readable = (file: string): boolean => {
    if (grouped.has(file)) return false;
    grouped.add(file);
    // A file of a project another backend owns is that backend's to check.
    if (!ctx.ownsFile(file)) return false;
    const failure = files.failure(file);
    if (failure !== undefined) failures.push({ path: file, reason: failure });
    return failure === undefined && files.text(file) !== undefined;
  };
  if (ctx.typescript === undefined) {
    const root = ctx.scope.workspaceRoot;
    const scope = ctx.profile.checkerScope === 'pyright' ? pyrightScope(root) : undefined;
    const files = ctx.sourceFiles().filter((file) => scope === undefined || inScope(scope, root, file));
    return { groups: [{ files: files.filter(readable) }], failures };
  }
  const root = ctx.scope.workspaceRoot;
  const { configs, broken, files: projectFiles } = ctx.projects();
  const firstBroken = broken[0];
  if (configs.length === 0 && firstBroken !== undefined) throw firstBroken.error;
  failures.push(...broken.map(({ path, reason }) => ({ path, reason })));
  const groups: FileGroup[] = [];
  for (const config of configs) {
    const own = config.parsed.fileNames.filter((f) => isWorkspaceFile(root, f) && readable(f));
    if (own.length > 0) groups.push({ files: own });
  }
  groups.push({ files: projectFiles.filter(readable) });
  return { groups: groups.filter((g) => g.files.length > 0), failures };
}

async function checkFile(ctx: CallContext, file: string): Promise<DiagnosticRecord[]> {
  try {
    return await fileDiagnostics(ctx, file, true);
  } catch (error) {
    if (!isNoProjectError(error)) throw error;
    // No loaded project has the file: opening it makes the server load the project it belongs to.
    await ctx.live.sync.ensureOpen(file);
    return fileDiagnostics(ctx, file);
  }
}
