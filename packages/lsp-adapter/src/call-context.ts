import type { QueryScope } from '@mcp-lsp-bridge/domain';
import { projectFiles, type ProjectSpec, type TsWorkspace, type WorkspaceConfigs } from '@mcp-lsp-bridge/ts-workspace';
import type { Live } from './connection/server-session.js';
import { ServerView } from './server-view.js';

/** The workspace's projects as the server will see them, and the source files they check. */
export interface WorkspaceProjects extends WorkspaceConfigs {
  readonly files: readonly string[];
}

/**
 * One port call's view of a running TypeScript server: the language-neutral view of the server
 * (positions, shared requests, real paths) and the workspace's TypeScript projects.
 */
export class CallContext extends ServerView {
  constructor(
    live: Live,
    scope: QueryScope,
    readonly workspace: TsWorkspace,
    private readonly ownsProject: (root: string, spec: ProjectSpec) => boolean = () => true,
  ) {
    super(live, scope);
  }

  /**
   * Whether this index answers project-wide questions (workspace diagnostics, symbol search)
   * for a project; another backend answers for the rest. Cross-project searches ask every project.
   */
  owns(spec: ProjectSpec): boolean {
    return this.ownsProject(this.scope.workspaceRoot, spec);
  }

  /** Whether the project that owns `file` is this index's; a file whose config is broken is (its failure is reported here). */
  ownsFile(file: string): boolean {
    try {
      return this.owns(this.workspace.ownerOf(this.scope.workspaceRoot, file).spec);
    } catch {
      return true;
    }
  }

  /** Every config of the workspace (as last listed) and the source files its projects check. */
  projects(): WorkspaceProjects {
    const root = this.scope.workspaceRoot;
    const listing = this.live.inventory.listing;
    const found = this.workspace.configsOf(root, listing);
    return { ...found, files: projectFiles(root, found, listing) };
  }
}
