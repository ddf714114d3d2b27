import { bridgeErrorOf, type DiagnosticRecord, type FileFailure, type ProjectDiagnosticsAnswer } from '@mcp-lsp-bridge/domain';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import type { CallContext } from '../call-context.js';
import { diagnosticsStrategyFor, isNoProjectError, type DiagnosticsStrategy } from './file-diagnostics.js';

export interface ProjectGroup {
  /** The config that lists the files (absent for a workspace without configs). */
  readonly configPath?: string;
  readonly files: readonly string[];
}

export interface ProjectRun {
  readonly groups: readonly ProjectGroup[];
  /** Failures known before checking (broken configs, unreadable files). */
  readonly failures: readonly FileFailure[];
  /** Stop starting new files after this long; the rest become failures. */
  readonly budgetMs: number;
}

/**
 * The project-wide diagnostics port call: the files of every project of the workspace (a
 * file in two configs is checked once, with the first), readable ones grouped by config and
 * the rest of the workspace's files last; broken configs and unreadable files are failures.
 */
export function projectDiagnostics(ctx: CallContext, budgetMs: number): Promise<ProjectDiagnosticsAnswer> {
  const root = ctx.scope.workspaceRoot;
  const files = ctx.workspace.files;
  const { configs, broken, files: projectFiles } = ctx.projects();
  const firstBroken = broken[0];
  if (configs.length === 0 && firstBroken !== undefined) throw firstBroken.error;
  const failures: FileFailure[] = broken.map(({ path, reason }) => ({ path, reason }));
  const groups: ProjectGroup[] = [];
  const grouped = new Set<string>();
  const readable = (file: string): boolean => {
    // A file of a project another backend owns is that backend's to check.
    if (!grouped.has(file) && !ctx.ownsFile(file)) {
      grouped.add(file);
      return false;
    }
    const failure = files.failure(file);
    if (failure !== undefined && !grouped.has(file)) failures.push({ path: file, reason: failure });
    grouped.add(file);
    return failure === undefined && files.text(file) !== undefined;
  };
  for (const config of configs) {
    const own = config.parsed.fileNames.filter((f) => isWorkspaceFile(root, f) && !grouped.has(f) && readable(f));
    if (own.length > 0) groups.push({ configPath: config.path, files: own });
  }
  const rest = projectFiles.filter((f) => !grouped.has(f) && readable(f));
  if (rest.length > 0) groups.push({ files: rest });
  return checkProjects(ctx, { groups, failures, budgetMs });
}

/** Requests in flight at once: the server works one at a time, but the round trips overlap. */
const CONCURRENCY = 4;

/**
 * Every file of every project, each checked by the strategy the server supports best, a
 * project at a time (its first file opened so the server loads that project). Progress is
 * reported per file; when the budget runs out the files not yet checked are listed as
 * failures, so the caller gets what was found.
 */
export async function checkProjects(ctx: CallContext, run: ProjectRun): Promise<ProjectDiagnosticsAnswer> {
  const strategy = diagnosticsStrategyFor(ctx);
  const deadline = Date.now() + run.budgetMs;
  const total = run.groups.reduce((n, g) => n + g.files.length, 0);
  const diagnostics: DiagnosticRecord[] = [];
  const failures: FileFailure[] = [...run.failures];
  let done = 0;
  let checked = 0;
  ctx.scope.onProgress?.({ done, total, message: `checking ${total} files` });
  for (const group of run.groups) {
    const first = group.files[0];
    if (first !== undefined && strategy.name === 'tsserver' && Date.now() < deadline) await ctx.live.sync.ensureOpen(first);
    const queue = [...group.files];
    const worker = async (): Promise<void> => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        ctx.signal.throwIfAborted();
        if (Date.now() >= deadline) {
          failures.push({
            path: file,
            reason: `not checked: project-wide diagnostics ran out of their ${run.budgetMs} ms budget (LSP_BRIDGE_DIAGNOSTICS_BUDGET_MS); pass filePath to check it`,
          });
        } else {
          try {
            diagnostics.push(...(await checkFile(ctx, strategy, file)));
            checked++;
          } catch (error) {
            if (ctx.signal.aborted || !ctx.live.server.alive) throw error;
            failures.push({
              path: file,
              reason: bridgeErrorOf(error)?.message ?? (error instanceof Error ? error.message : String(error)),
            });
          }
        }
        done++;
        ctx.scope.onProgress?.({ done, total });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  }
  return { diagnostics, failures, filesChecked: checked };
}

async function checkFile(ctx: CallContext, strategy: DiagnosticsStrategy, file: string): Promise<DiagnosticRecord[]> {
  if (strategy.name !== 'tsserver') return strategy.file(ctx, file);
  try {
    return await strategy.file(ctx, file);
  } catch (error) {
    if (!isNoProjectError(error)) throw error;
    // No loaded project has the file: opening it makes the server load the project it belongs to.
    await ctx.live.sync.ensureOpen(file);
    return strategy.file(ctx, file);
  }
}
