import { bridgeErrorOf, type DiagnosticRecord, type FileFailure, type ProjectDiagnosticsAnswer } from '@mcp-lsp-bridge/domain';
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
 * The project-wide diagnostics port call: every source file of the workspace, checked by the
 * way the server offers best (`fileDiagnostics`), a TypeScript project at a time (a file in two
 * configs is checked once, with the first; a file of a project another backend owns is left to
 * it). Broken configs and unreadable files are failures; progress is reported per file; when
 * the budget runs out, the files not yet checked are failures, so the caller gets what was found.
 */
export async function projectDiagnostics(ctx: CallContext, budgetMs: number): Promise<ProjectDiagnosticsAnswer> {
  const { groups, failures } = fileGroups(ctx);
  const way = diagnosticsWayOf(ctx);
  const deadline = Date.now() + budgetMs;
  const total = groups.reduce((n, g) => n + g.files.length, 0);
  const diagnostics: DiagnosticRecord[] = [];
  let done = 0;
  let checked = 0;
  ctx.scope.onProgress?.({ done, total, message: `checking ${total} files` });
  for (const group of groups) {
    // The server loads a project once one of its files is open.
    const first = group.files[0];
    if (first !== undefined && way === 'tsserver' && Date.now() < deadline) await ctx.live.sync.ensureOpen(first);
    const queue = [...group.files];
    const worker = async (): Promise<void> => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        ctx.signal.throwIfAborted();
        if (Date.now() >= deadline) {
          failures.push({
            path: file,
            reason: `not checked: project-wide diagnostics ran out of their ${budgetMs} ms budget (LSP_BRIDGE_DIAGNOSTICS_BUDGET_MS); pass filePath to check it`,
          });
        } else {
          try {
            diagnostics.push(...(await checkFile(ctx, file)));
            checked++;
          } catch (error) {
            if (ctx.signal.aborted || !ctx.live.server.alive) throw error;
            failures.push({
              path: file,
              reason: bridgeErrorOf(error)?.message ?? (error instanceof Error ? error.message : String(error)),
            });
          }
          // A pushed check opened the file: closed again, as a workspace may hold more files than a server should keep open.
          if (way === 'push') await ctx.live.sync.close(file);
        }
        done++;
        ctx.scope.onProgress?.({ done, total });
      }
    };
    // Whole diagnostics only for a document checked alone (see `checksOneAtATime`).
    const workers = ctx.profile.checksOneAtATime === true ? 1 : CONCURRENCY;
    await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, worker));
  }
  return { diagnostics, failures, filesChecked: checked };
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
