import { notAddedReason, thrownReason, type FileFailure } from '@mcp-lsp-bridge/domain';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import { CancelledError } from '../cancellation.js';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import type { RelatedProject, SymbolTarget } from './cross-project.js';

/** The projects the unlisted importers joined besides the asked one, and the importers that could not join. */
export interface JoinedImporters {
  readonly related: RelatedProject[];
  readonly failures: FileFailure[];
  /** Whether a file joined the asked project's program (its answers must be asked again). */
  readonly primaryGrew: boolean;
}

/**
 * Before a search for the uses of `target`: the workspace files no config lists that import a
 * project's file (`test/` outside the `include`; see `TsWorkspace.unlistedImporters`) and that
 * spell one of `names` (any, for a default export) join the project that serves each (EC-001.5),
 * so TypeScript's own search and rename read them as it reads the project's files. The asked
 * project's program takes its own; another project (the inferred one, for JavaScript without
 * `allowJs`) is asked at the declaration its program holds. A file that cannot join (its config
 * is broken, its project would not take it) is a failure, which refuses a rename. Nothing is
 * joined for a local symbol or one declared outside the workspace.
 */
export function joinUnlistedImporters(
  ws: WorkspaceAccess,
  primary: Project,
  target: SymbolTarget,
  names: ReadonlySet<string>,
  known: ReadonlySet<Project>,
): JoinedImporters {
  const { ctx, root } = ws;
  const none: JoinedImporters = { related: [], failures: [], primaryGrew: false };
  const declarations = target.declarations.filter((d) => isWorkspaceFile(root, d.path));
  if (target.local || declarations.length === 0) return none;
  const importers = ctx.workspace.unlistedImporters(root);
  if (importers.length === 0) return none;
  const failures: FileFailure[] = [];
  const failed = (file: string, error: unknown): void => {
    if (ctx.modules.isCancellation(error)) throw error;
    failures.push({ path: file, reason: thrownReason(error) });
  };
  const joined = new Map<Project, string[]>();
  for (const file of importers) {
    const text = ctx.files.text(file);
    if (text === undefined || (!target.anyName && ![...names].some((name) => name !== '' && text.includes(name)))) continue;
    if (ctx.token.isCancellationRequested()) throw new CancelledError();
    try {
      const owner = ctx.workspace.ownerOf(root, file);
      const project = ws.pool.get(owner.spec);
      if (owner.extraRoot !== undefined) project.addExtraRoot(owner.extraRoot);
      joined.set(project, [...(joined.get(project) ?? []), file]);
    } catch (error) {
      failed(file, error);
    }
  }
  const related: RelatedProject[] = [];
  let primaryGrew = false;
  for (const [project, files] of joined) {
    try {
      const before = project === primary ? project.program() : undefined;
      project.syncWithDisk(root);
      const program = project.program();
      for (const file of files) {
        if (program.getSourceFile(file) !== undefined) continue;
        failures.push({ path: file, reason: ctx.files.failure(file) ?? notAddedReason(project.key) });
      }
      if (project === primary) {
        primaryGrew = program !== before;
        continue;
      }
      if (known.has(project)) continue;
      const anchor = declarations.find((d) => program.getSourceFile(d.path) !== undefined);
      if (anchor !== undefined) related.push({ project, anchor: { path: anchor.path, offset: anchor.offset } });
    } catch (error) {
      for (const file of files) failed(file, error);
    }
  }
  return { related, failures, primaryGrew };
}
