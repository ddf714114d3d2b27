import {
  bridgeErrorOf,
  type DiagnosticRecord,
  type FileFailure,
  type ProjectDiagnosticsAnswer,
  type QueryScope,
} from '@mcp-lsp-bridge/domain';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ts from 'typescript';
import type { AdapterContext } from './context.js';
import { toDiagnosticRecord } from './convert.js';
import { inferredFiles, isWorkspaceFile, workspaceConfigs } from './project-discovery.js';
import type { Project } from './project-service.js';

/** Syntactic, semantic and suggestion diagnostics of one file, in the project that owns it. */
export function fileDiagnostics(project: Project, file: string, realPath: (file: string) => string): DiagnosticRecord[] {
  const { ls } = project;
  const all = [...ls.getSyntacticDiagnostics(file), ...ls.getSemanticDiagnostics(file), ...ls.getSuggestionDiagnostics(file)];
  return all.flatMap((diagnostic) => toDiagnosticRecord(diagnostic, realPath) ?? []);
}

/**
 * Every source file of every project config of the workspace (or of the inferred project
 * when there is none), each checked in the project that owns it. A file that cannot be
 * checked becomes a failure; the signal is checked and the event loop given a turn between
 * files, so a timeout can fire during a long run.
 */
export async function projectDiagnostics(
  ctx: AdapterContext,
  scope: QueryScope,
  projectFor: (file: string) => Project,
  /** Evicts surplus language services; safe between files, which hold no project. */
  trim: () => void,
): Promise<ProjectDiagnosticsAnswer> {
  const root = scope.workspaceRoot;
  const { configs, broken } = workspaceConfigs(ctx, root);
  const first = broken[0];
  if (configs.length === 0 && first !== undefined) throw first.error;
  const failures: FileFailure[] = broken.map(({ path, reason }) => ({ path, reason }));
  const files = configs.length === 0 ? inferredFiles(ctx, root) : workspaceFiles(ctx, root, configs);
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
        diagnostics.push(...fileDiagnostics(projectFor(file), file, (f) => ctx.files.realpath(f)));
        filesChecked++;
      }
    } catch (error) {
      if (scope.signal.aborted || error instanceof ts.OperationCanceledException) throw error;
      failures.push({ path: file, reason: bridgeErrorOf(error)?.message ?? (error instanceof Error ? error.message : String(error)) });
    }
    done++;
    trim();
    scope.onProgress?.({ done, total: files.length });
  }
  return { diagnostics, failures, filesChecked };
}

function workspaceFiles(ctx: AdapterContext, root: string, configs: readonly string[]): string[] {
  const files = new Set<string>();
  for (const configPath of configs) {
    for (const file of ctx.configs.tryGet(configPath, root)?.parsed.fileNames ?? []) {
      if (isWorkspaceFile(root, file)) files.add(file);
    }
  }
  return [...files].sort();
}
