import type { QueryScope } from '@mcp-lsp-bridge/domain';
import type { FileListing, ProjectSpec, TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';
import path from 'node:path';
import { inferredProjectConfig } from './connection/implicit-project.js';
import { CallContext } from './call-context.js';
import type { ServerSpec } from './connection/server-spec.js';
import type { Live } from './connection/server-session.js';
import { SessionPool } from './connection/session-pool.js';
import { leaveOutUnparsable, mayBeParserOverflow, refuseUnusable } from './recovery/parser-overflow.js';

export interface ServerCallsOptions {
  readonly server: ServerSpec;
  readonly requestTimeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly maxServers: number;
  readonly maxOpenDocuments: number;
  readonly log: (message: string) => void;
  /** The projects this index answers project-wide questions for. */
  readonly owns: (root: string, spec: ProjectSpec) => boolean;
}

/**
 * How a port call reaches its answer: from the disk alone (texts, syntax), or on the
 * workspace's language server once the configs of the files it names are checked and the
 * server is up to date with the disk. Every call first asks the workspace for every change
 * that completed before it.
 */
export class ServerCalls {
  private readonly pool: SessionPool;

  constructor(
    private readonly workspace: TsWorkspace,
    private readonly options: ServerCallsOptions,
  ) {
    this.pool = new SessionPool({ maxServers: options.maxServers, idleTimeoutMs: options.idleTimeoutMs, log: options.log });
  }

  /** A call no server is needed for. */
  async onDisk<T>(scope: QueryScope, body: () => T): Promise<T> {
    // A refusal (an aborted signal, a thrown BridgeException) becomes the rejection.
    await this.begin(scope);
    return body();
  }

  /**
   * Runs `body` on the workspace's server. `refuseFirst` may refuse the call before anything
   * starts; a broken config of one of `files` refuses it with CONFIG_NOT_FOUND. Calls run
   * together unless one is `exclusive` (it shows the server texts no other call must see).
   */
  async onServer<T>(
    scope: QueryScope,
    files: readonly string[],
    body: (ctx: CallContext) => Promise<T>,
    access: 'shared' | 'exclusive' = 'shared',
    refuseFirst?: () => void,
  ): Promise<T> {
    await this.begin(scope);
    refuseFirst?.();
    for (const file of files) this.workspace.checkConfigOf(scope.workspaceRoot, file);
    const { server } = this.options;
    const root = scope.workspaceRoot;
    const session = this.pool.get({
      spec: server,
      root,
      workspace: this.workspace,
      requestTimeoutMs: this.options.requestTimeoutMs,
      maxOpenDocuments: this.options.maxOpenDocuments,
      ...(server.dialect === 'tsgo' ? { virtualDocuments: (listing: FileListing) => this.inferredConfig(root, listing) } : {}),
    });
    const run = (live: Live): Promise<T> => body(new CallContext(live, scope, this.workspace, this.options.owns));
    try {
      return await session.runCall(scope.signal, run, access);
    } catch (error) {
      if (!mayBeParserOverflow(error)) throw error;
      // Alone on the server while its view of the files changes; then the call runs again, once.
      const found = await session.runCall(
        scope.signal,
        async (live) => {
          const ctx = new CallContext(live, scope, this.workspace, this.options.owns);
          const left = await leaveOutUnparsable(ctx);
          if (left) refuseUnusable(ctx, files);
          return left;
        },
        'exclusive',
      );
      if (!found) throw error;
      return session.runCall(scope.signal, run, access);
    }
  }

  /** Pids of the running language servers (for tests and logs). */
  pids(): number[] {
    return this.pool.pids();
  }

  dispose(): Promise<void> {
    return this.pool.dispose();
  }

  /**
   * For a server whose inferred project cannot be configured: the contract's defaults as a
   * tsconfig.json at the root of a workspace without any config (none while one exists, usable or not).
   */
  private inferredConfig(root: string, listing: FileListing): ReadonlyMap<string, string> {
    const { configs, broken } = this.workspace.configsOf(root, listing);
    if (configs.length > 0 || broken.length > 0) return new Map();
    return new Map([[path.join(root, 'tsconfig.json'), inferredProjectConfig()]]);
  }

  private async begin(scope: QueryScope): Promise<void> {
    scope.signal.throwIfAborted();
    await this.workspace.beginCall(scope.workspaceRoot);
    scope.signal.throwIfAborted();
  }
}
