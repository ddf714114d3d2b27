import { bridgeErrorOf, type DiagnosticRecord, type FileFailure, type ProjectDiagnosticsAnswer } from '@mcp-lsp-bridge/domain';
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
