import { realpathSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { backgroundServerLost, ErrorCode, isToolError, operationNamed, toolError } from '@mcp-lsp-bridge/domain/front';
import { loadConfig, type Backend } from '../config.js';
import { bridgeOver, type Bridge, type RunOperation } from '../operations/bridge-surface.js';
import { daemonDirectory, daemonFiles, daemonKey, daemonTarget } from './daemon-paths.js';
import { daemonIdleMs } from './daemon-settings.js';
import { BackgroundServerLost } from './background-server-lost.js';
import type { connectOrStart } from './daemon-start.js';
import type { RemoteServer } from './remote-server.js';

type Environment = Readonly<Record<string, string | undefined>>;

/** How many connections a front opens to its root's server before it answers without it, when each closes unanswered. */
const ANSWERING_TRIES = 3;

export interface BackgroundFrontOptions {
  /** The front's settings: the `LSP_BRIDGE_*` ones choose the server, and it starts with all of them. */
  readonly env: Environment;
  /** The backend chosen on the command line, over `LSP_BRIDGE_BACKEND`. */
  readonly backend?: Backend | undefined;
  /** Answers a call no background server can: made on first use. */
  readonly inProcess: () => Bridge;
  /** Says once per root why its calls run in process. */
  readonly log?: ((line: string) => void) | undefined;
}

/**
 * A bridge that runs each call in the background server of the call's workspace root (its
 * real path), attaching to it or starting it on first use, with cancellation and progress
 * carried over. A call whose root is not an existing absolute directory, or whose server
 * cannot be used, runs in process. A reading call whose server went away before answering is
 * asked again, of a new server; a writing call never is (it may have been written).
 * Throws `ConfigError` for a malformed setting.
 */
export function backgroundFront(options: BackgroundFrontOptions): Bridge {
  const env = options.backend === undefined ? options.env : { ...options.env, LSP_BRIDGE_BACKEND: options.backend };
  const config = loadConfig(env);
  daemonIdleMs(env);
  const servers = new Map<string, Promise<RemoteServer | undefined>>();
  const opened = new Set<RemoteServer>();
  let local: Bridge | undefined;
  const inProcess = (): Bridge => (local ??= options.inProcess());

  const serverFor = (root: string): Promise<RemoteServer | undefined> => {
    let server = servers.get(root);
    if (server === undefined) {
      server = attach(root, config.backend, env, options.log).then((remote) => {
        if (remote !== undefined) opened.add(remote);
        return remote;
      });
      servers.set(root, server);
      // Gone (idle exit, stopped, killed): the next call attaches anew.
      void server.then((remote) => remote?.closed.then(() => servers.get(root) === server && servers.delete(root)));
    }
    return server;
  };

  /** The next call attaches anew. */
  const forget = (root: string, attached: Promise<RemoteServer | undefined>): void => {
    if (servers.get(root) === attached) servers.delete(root);
  };

  const run: RunOperation = async (name, input, call) => {
    const root = realRoot(input);
    if (root !== undefined) {
      for (let attempt = 1; ; attempt++) {
        const attached = serverFor(root);
        const server = await attached;
        if (server === undefined) break;
        try {
          const answer = await server.run(name, input, call);
          // Cancelled though its caller was not: the server is stopping, and began nothing it
          // could not finish (a write that has begun is finished). Asked again, of a new one.
          if (attempt === 1 && isCancelled(answer) && call?.signal?.aborted !== true) {
            // Not hung up on: other calls of this front may still be answered on it.
            forget(root, attached);
            continue;
          }
          return answer as never;
        } catch (error) {
          if (!(error instanceof BackgroundServerLost)) throw error;
          // A connection that failed a call is not trusted with the next.
          server.dispose();
          forget(root, attached);
          if (call?.signal?.aborted === true) return cancelled() as never;
          const writes = operationNamed(name)?.writes ?? true;
          if (writes || attempt === 2) return backgroundServerLost(name, error.message, writes);
        }
      }
    }
    return inProcess().run(name, input, call);
  };

  const dispose = async (): Promise<void> => {
    await Promise.all(servers.values());
    for (const server of opened) server.dispose();
    servers.clear();
    await local?.dispose();
  };
  return bridgeOver(config, run, dispose);
}

/** Loads what a first call to a background server needs (its socket client), for a front that expects one soon. */
export function prepareBackgroundCalls(): void {
  void clientModules();
}

async function clientModules(): Promise<{ connectOrStart: typeof connectOrStart; RemoteServer: typeof RemoteServer }> {
  const [start, remote] = await Promise.all([import('./daemon-start.js'), import('./remote-server.js')]);
  return { connectOrStart: start.connectOrStart, RemoteServer: remote.RemoteServer };
}

async function attach(
  root: string,
  backend: string,
  env: Environment,
  log: ((line: string) => void) | undefined,
): Promise<RemoteServer | undefined> {
  const dir = daemonDirectory(env);
  if (dir === undefined) {
    log?.(`no usable directory for background servers (it must be the user's own, mode 0700): ${root} is served in process`);
    return undefined;
  }
  // Loaded with the first call, not with the MCP server: its start to tools/list stays as short as it was.
  const client = await clientModules();
  const files = daemonFiles(dir, daemonKey(daemonTarget(root, backend, env)));
  // A server that closed the connection unanswered was dying: each try waits for its end, so the next finds it gone.
  for (let tries = 1; tries <= ANSWERING_TRIES; tries++) {
    let socket;
    try {
      socket = await client.connectOrStart(files, root, env);
    } catch (error) {
      // The directory refused a file (full, read-only): no server, but an answer all the same.
      log?.(`the background server of ${root} could not be started (${String(error)}): served in process`);
      return undefined;
    }
    if (socket === undefined) {
      log?.(`the background server of ${root} could not be started (its log is in ${dir}): served in process`);
      return undefined;
    }
    const server = await client.RemoteServer.answering(socket);
    if (server !== undefined) return server;
  }
  log?.(`the background server of ${root} closed ${ANSWERING_TRIES} connections unanswered: served in process`);
  return undefined;
}

/** The real path of the call's `workspaceRoot` when it is an existing absolute directory; else the call runs in process. */
function realRoot(input: unknown): string | undefined {
  const root = typeof input === 'object' && input !== null ? (input as { workspaceRoot?: unknown }).workspaceRoot : undefined;
  if (typeof root !== 'string' || !isAbsolute(root)) return undefined;
  try {
    const real = realpathSync.native(root);
    return statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

function isCancelled(answer: unknown): boolean {
  return isToolError(answer) && answer.error.code === ErrorCode.CANCELLED;
}

function cancelled(): unknown {
  return toolError(ErrorCode.CANCELLED, 'The call was cancelled');
}
