import type { QueryScope } from '@mcp-lsp-bridge/domain';
import type { ProjectSpec, TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';
import type { FileListing } from '@mcp-lsp-bridge/workspace';
import path from 'node:path';
import { inferredProjectConfig } from './connection/implicit-project.js';
import { CallContext } from './call-context.js';
import type { Live, SyncHooks } from './connection/server-session.js';
import { SessionPool } from './connection/session-pool.js';
import type { LanguageProfile } from './languages/language-profile.js';
import { lspConfigPath } from './languages/lsp-config-path.js';
import { leaveOutUnparsable, mayBeParserOverflow, refuseUnusable } from './recovery/parser-overflow.js';
import { resolveFailedImportsNow } from './typescript/tsserver-request.js';

export interface ServerCallsOptions {
  readonly profile: LanguageProfile;
  readonly requestTimeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly maxServers: number;
  readonly maxOpenDocuments: number;
  /** The `.lsp.json` every workspace uses instead of its own (`LSP_BRIDGE_CONFIG`), if one is set. */
  readonly languageConfig: string | undefined;
  readonly log: (message: string) => void;
  /** The projects this index answers project-wide questions for (TypeScript's, when another backend answers the rest). */
  readonly owns?: (root: string, spec: ProjectSpec) => boolean;
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
   * starts; a broken TypeScript config of one of `files` refuses it with CONFIG_NOT_FOUND. Calls
   * run together unless one is `exclusive` (it shows the server texts no other call must see).
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
    const { profile, owns } = this.options;
    const root = scope.workspaceRoot;
    if (profile.typescript !== undefined) for (const file of files) this.workspace.checkConfigOf(root, file);
    const session = this.pool.get({
      profile,
      root,
      configFile: lspConfigPath(root, this.options.languageConfig),
      workspace: this.workspace,
      requestTimeoutMs: this.options.requestTimeoutMs,
      maxOpenDocuments: this.options.maxOpenDocuments,
      ...(profile.typescript === undefined ? {} : { hooks: (inventory, server) => this.typescriptHooks(root, inventory.listing, server) }),
    });
    const context = (live: Live): CallContext => new CallContext(live, scope, this.workspace, owns);
    const run = (live: Live): Promise<T> => body(context(live));
    try {
      return await session.runCall(scope.signal, run, access);
    } catch (error) {
      if (!mayBeParserOverflow(error)) throw error;
      // Alone on the server while its view of the files changes; then the call runs again, once.
      const found = await session.runCall(
        scope.signal,
        async (live) => {
          const ctx = context(live);
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

  /** The call's view of the disk: taken here, or by the router that handed the call on. */
  private async begin(scope: QueryScope): Promise<void> {
    await this.workspace.begin(scope);
    scope.signal.throwIfAborted();
  }

  /**
   * What a TypeScript server is told besides the disk's changes: the paths consumers resolve a
   * workspace package's build output at (through `node_modules` links), re-resolved at once; and,
   * for TypeScript 7's server, whose inferred project cannot be configured, the contract's
   * defaults as a tsconfig.json at the root of a workspace without any config (none while one
   * exists, usable or not).
   */
  private typescriptHooks(root: string, listing: FileListing, server: Live['server']): SyncHooks {
    const { workspace } = this;
    return {
      linkedPaths: (file) => workspace.outputs.linkedPaths(workspace.view(root, listing), file),
      afterLinked: (file) => resolveFailedImportsNow(server, file),
      ...(this.options.profile.typescript?.native === true
        ? {
            virtualDocuments: (current: FileListing): ReadonlyMap<string, string> => {
              const { configs, broken } = workspace.configsOf(root, current);
              if (configs.length > 0 || broken.length > 0) return new Map();
              return new Map([[path.join(root, 'tsconfig.json'), inferredProjectConfig()]]);
            },
          }
        : {}),
    };
  }
}
