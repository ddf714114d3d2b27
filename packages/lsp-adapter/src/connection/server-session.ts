import type { Signal } from '@mcp-lsp-bridge/domain';
import { BridgeException, MAX_WORKSPACE_DIRECTORIES, ServerFailureException, sessionShutDown } from '@mcp-lsp-bridge/domain';
import type { TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';
import { WorkspaceInventory } from '@mcp-lsp-bridge/workspace';
import { setTimeout as delay } from 'node:timers/promises';
import { WorkspaceSymbolRequest } from 'vscode-languageserver-protocol/node';
import { serverName, type LanguageProfile } from '../languages/language-profile.js';
import { DocumentSync, type DocumentSyncOptions } from './document-sync.js';
import { unlessAborted } from './abort.js';
import { CallGate, type Pass } from './call-gate.js';
import { ServerRequestError, serverFacts } from './errors.js';
import { LanguageServer } from './language-server.js';
import { generatedCompileCommands, writeCompileCommands } from '../languages/compile-commands.js';

/** What a profile adds to keeping its server in step with the disk (TypeScript's: linked build output, an inferred project). */
export type SyncHooks = Pick<DocumentSyncOptions, 'linkedPaths' | 'afterLinked' | 'virtualDocuments'>;

export interface SessionOptions {
  readonly profile: LanguageProfile;
  readonly root: string;
  /** The `.lsp.json` that applies to `root`: where a failure tells the user another server can be named. */
  readonly configFile: string;
  /** The texts the server is shown, and the watcher that reports changes. */
  readonly workspace: TsWorkspace;
  readonly requestTimeoutMs: number;
  readonly maxOpenDocuments: number;
  readonly log: (message: string) => void;
  /** Made for each server started, with the listing it is kept in step with. */
  readonly hooks?: (inventory: WorkspaceInventory, server: LanguageServer) => SyncHooks;
}

/** What a call works with: the running server, its document sync and the workspace's files as last seen. */
export interface Live {
  readonly server: LanguageServer;
  readonly sync: DocumentSync;
  readonly inventory: WorkspaceInventory;
}

/** A symbol search no workspace answers with anything much: only its timing matters. */
const LOAD_BARRIER_QUERY = 'mcpLspBridgeWorkspaceLoaded';

/** At most this many restarts within the window; then calls fail with a clear error. */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 5 * 60_000;

/**
 * One language server for one (profile, workspace root), started on first use. Each call first
 * brings the server up to date with the disk; calls then run together, except a rename
 * simulation, which shows the server edited texts no other call must see (exclusive). When the
 * server dies, calls in flight fail with LANGUAGE_SERVER_ERROR and the next call starts a new
 * one, after an exponential backoff; more than MAX_RESTARTS restarts within RESTART_WINDOW_MS is
 * refused. A configuration file the server would not see change makes the next call start it
 * again (not a crash).
 */
export class ServerSession {
  private live: Live | undefined;
  private starting: Promise<Live> | undefined;
  private readonly gate = new CallGate();
  private readonly restarts: number[] = [];
  /** Servers stopped on purpose (a configuration change): their exit is no crash. */
  private readonly retired = new WeakSet<LanguageServer>();
  private crashes = 0;
  private lastCrash: string | undefined;
  private disposed = false;
  /** A start is shared by every call that waits for it: only the session's end cancels it, not one caller. */
  private readonly lifetime = new AbortController();
  private active = 0;
  lastUsed = Date.now();

  constructor(readonly options: SessionOptions) {}

  get root(): string {
    return this.options.root;
  }

  /** The pid of the running server, if any (for diagnostics and tests). */
  get pid(): number | undefined {
    return this.live?.server.pid;
  }

  /** A call is queued or running: not to be stopped for idleness. */
  get busy(): boolean {
    return this.active > 0;
  }

  /**
   * Runs `body` once the server is up to date with the disk. Calls run together (a slow one
   * does not hold the others up) unless one is `exclusive`; a change on disk waits for the
   * calls in flight to finish before the server is told, so no call sees texts change under it.
   * A call waiting for its turn ends as soon as its signal aborts.
   */
  async runCall<T>(signal: Signal, body: (live: Live) => Promise<T>, access: 'shared' | 'exclusive' = 'shared'): Promise<T> {
    this.active++;
    try {
      for (;;) {
        signal.throwIfAborted();
        this.lastUsed = Date.now();
        const live = await this.ensureLive(signal);
        const pass = await this.enter(live, signal, access);
        // The server was started again meanwhile: the call goes to the new one.
        if (pass === undefined) continue;
        try {
          signal.throwIfAborted();
          return await body(live);
        } finally {
          pass.leave();
          this.lastUsed = Date.now();
        }
      }
    } finally {
      this.active--;
    }
  }

  private async enter(live: Live, signal: Signal, access: 'shared' | 'exclusive'): Promise<Pass | undefined> {
    for (;;) {
      const exclusive = access === 'exclusive' || live.sync.hasPending;
      const pass = await this.gate.enter(exclusive, signal);
      if (this.live !== live) {
        pass.leave();
        return undefined;
      }
      if (exclusive) {
        try {
          live.sync.collectDiskChanges();
          const restart = live.sync.restartReason();
          if (restart !== undefined) {
            await this.retire(live, restart);
            pass.leave();
            return undefined;
          }
          await live.sync.syncWithDisk();
        } catch (error) {
          pass.leave();
          throw error;
        }
        if (access === 'shared') pass.downgrade();
        return pass;
      }
      // Looking is cheap; telling the server must wait until no call is in flight.
      if (!live.sync.collectDiskChanges()) return pass;
      pass.leave();
    }
  }

  /** Stops the server so that the next call starts one that reads the workspace afresh (no call is in flight). */
  private async retire(live: Live, reason: string): Promise<void> {
    this.options.log(`starting ${live.server.name} again for ${this.root}: ${reason}`);
    this.retired.add(live.server);
    this.live = undefined;
    await live.server.dispose();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.lifetime.abort(this.shutDown());
    const live = this.live ?? (await this.starting?.catch(() => undefined));
    this.live = undefined;
    await live?.server.dispose();
  }

  private shutDown(): BridgeException {
    return new BridgeException(sessionShutDown(serverName(this.options.profile), this.root));
  }

  private async ensureLive(signal: Signal): Promise<Live> {
    if (this.live?.server.alive === true) return this.live;
    if (this.disposed) throw this.shutDown();
    // One restart however many calls find the server dead: they all wait for it (each used to count one).
    // A caller that gives up stops waiting; the start goes on for the others and the next call.
    this.starting ??= this.restart(this.lifetime.signal).finally(() => (this.starting = undefined));
    return unlessAborted(this.starting, signal);
  }

  private async restart(signal: Signal): Promise<Live> {
    if (this.crashes > 0) {
      const now = Date.now();
      while (this.restarts.length > 0 && (this.restarts[0] ?? 0) < now - RESTART_WINDOW_MS) this.restarts.shift();
      if (this.restarts.length >= MAX_RESTARTS) {
        const until = new Date((this.restarts[0] ?? now) + RESTART_WINDOW_MS).toISOString();
        throw new ServerFailureException({
          ...serverFacts(this.options.profile, this.options.configFile),
          what: {
            kind: 'crashing',
            crashes: this.restarts.length + 1,
            windowMinutes: RESTART_WINDOW_MS / 60_000,
            last: this.lastCrash ?? 'unknown',
            until,
          },
        });
      }
      // Exponential backoff: 250 ms, 500 ms, 1 s.
      await delay(250 * 2 ** this.restarts.length);
      this.restarts.push(Date.now());
    }
    return this.start(signal);
  }

  /** What this workspace adds to the server's command line: a generated compilation database. */
  private extraArgs(inventory: WorkspaceInventory): string[] {
    const { profile, root, log } = this.options;
    if (profile.generatesCompileCommands !== true) return [];
    const commands = generatedCompileCommands(root, inventory.list());
    if (commands === undefined) return [];
    try {
      const dir = writeCompileCommands(root, commands);
      log(`${serverName(profile)} for ${root}: no compilation database in the workspace, generated ${dir}/compile_commands.json`);
      return [`--compile-commands-dir=${dir}`];
    } catch (error) {
      log(
        `${serverName(profile)} for ${root}: could not write a compilation database (${error instanceof Error ? error.message : String(error)})`,
      );
      return [];
    }
  }

  /** Nothing is shown to a server that is still loading the workspace (see `awaitsWorkspaceLoad`). */
  private async loaded(server: LanguageServer, signal: Signal): Promise<void> {
    try {
      await server.request(WorkspaceSymbolRequest.type, { query: LOAD_BARRIER_QUERY }, signal);
    } catch (error) {
      // A refusal (a directory without a module) still means the load is over; a death or a cancellation does not.
      if (!(error instanceof ServerRequestError)) throw error;
    }
  }

  private async start(signal: Signal): Promise<Live> {
    const started = performance.now();
    const { profile, root, configFile, workspace, requestTimeoutMs, maxOpenDocuments, log, hooks } = this.options;
    // The baseline is taken before the server reads anything: later changes are announced.
    const inventory = new WorkspaceInventory(root, MAX_WORKSPACE_DIRECTORIES, workspace.watch);
    inventory.scanChanges();
    const server = new LanguageServer({ profile, root, configFile, requestTimeoutMs, log, extraArgs: this.extraArgs(inventory) });
    server.onExited((reason) => {
      if (this.live?.server === server) this.live = undefined;
      if (!this.disposed && !this.retired.has(server)) {
        this.crashes++;
        this.lastCrash = reason;
      }
    });
    try {
      await server.start(signal);
      if (profile.awaitsWorkspaceLoad === true) await this.loaded(server, signal);
    } catch (error) {
      await server.dispose(200);
      throw error;
    }
    log(`started ${server.name} (pid ${server.pid ?? '?'}) for ${root} in ${(performance.now() - started).toFixed(1)} ms`);
    const sync = new DocumentSync({ server, inventory, files: workspace.files, maxOpen: maxOpenDocuments, ...hooks?.(inventory, server) });
    const live: Live = { server, sync, inventory };
    this.live = live;
    return live;
  }
}
