import { readdirSync, readFileSync } from 'node:fs';
import { daemonDirectory, daemonFiles, KEY_PATTERN, removeFile, type DaemonFiles } from './daemon-paths.js';
import type { DaemonIdentity, DaemonStatus } from './daemon-protocol.js';
import { memoryOfTree, processAlive, type ProcessMemory } from './process-info.js';
import { BackgroundServerLost } from './background-server-lost.js';
import type { RemoteServer } from './remote-server.js';
import { connectTo } from './socket-connection.js';
import { releaseLock, tryLock } from './start-lock.js';

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * One background server of the user:
 * - `serving`: it answered on its socket;
 * - `busy`: it accepts connections but did not answer in time (a long synchronous type check);
 *   what it has done is not known;
 * - `stopping`: its socket is gone, its process not yet.
 */
export interface DaemonEntry {
  readonly state: 'serving' | 'busy' | 'stopping';
  readonly identity: DaemonIdentity;
  /** What it has done, when it answered. */
  readonly status: DaemonStatus | undefined;
  /** It and its language servers. */
  readonly processes: readonly ProcessMemory[];
}

export interface DaemonListing {
  /** The directory of the user's servers; `undefined` when none can be used. */
  readonly directory: string | undefined;
  readonly servers: readonly DaemonEntry[];
  /** What dead servers left behind, removed by this listing: who they were. */
  readonly cleaned: readonly DaemonIdentity[];
}

/** How long a listing waits for a server to answer `status`. */
const STATUS_TIMEOUT_MS = 5_000;

/** Every background server of the user, cleaning up what dead ones left behind. */
export async function listDaemons(env: Environment): Promise<DaemonListing> {
  const directory = daemonDirectory(env);
  if (directory === undefined) return { directory, servers: [], cleaned: [] };
  const keys = new Set(readdirSync(directory).flatMap((name) => KEY_PATTERN.exec(name)?.[1] ?? []));
  const found = await Promise.all([...keys].sort().map((key) => look(daemonFiles(directory, key))));
  return {
    directory,
    servers: found.flatMap((one) => (one.kind === 'entry' ? [one.entry] : [])).sort(byRootAndBackend),
    cleaned: found.flatMap((one) => (one.kind === 'cleaned' && one.identity !== undefined ? [one.identity] : [])),
  };
}

function byRootAndBackend(a: DaemonEntry, b: DaemonEntry): number {
  const key = (entry: DaemonEntry): string =>
    `${entry.identity.root}\0${entry.identity.backend}\0${JSON.stringify(entry.identity.settings)}`;
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

export interface StopReport {
  /** The servers stopped, as they were just before. */
  readonly stopped: readonly DaemonEntry[];
  /** Those that did not stop, and why. */
  readonly failed: readonly { readonly entry: DaemonEntry; readonly reason: string }[];
}

/** How long a stop waits for a server to finish its write and release its language servers. */
const STOP_TIMEOUT_MS = 60_000;

/**
 * Stops the servers `which` chooses, cleanly: each finishes a write it has begun, cancels its
 * other calls, stops its language servers and removes its socket and status file; resolves
 * once each has stopped serving and closed its connections.
 */
export async function stopDaemons(env: Environment, which: (identity: DaemonIdentity) => boolean): Promise<StopReport> {
  const { servers } = await listDaemons(env);
  const outcomes = await Promise.all(
    servers.filter((entry) => which(entry.identity)).map(async (entry) => ({ entry, failure: await stop(entry) })),
  );
  return {
    stopped: outcomes.flatMap(({ entry, failure }) => (failure === undefined ? [entry] : [])),
    failed: outcomes.flatMap(({ entry, failure }) => (failure === undefined ? [] : [{ entry, reason: failure }])),
  };
}

async function stop(entry: DaemonEntry): Promise<string | undefined> {
  const socket = await connectTo(entry.identity.socket);
  if (socket === undefined) {
    // Already stopping: SIGTERM is the same request, and harmless twice.
    return signal(entry.identity.pid, 'SIGTERM');
  }
  using server = new (await remoteServer())(socket);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('it did not stop within a minute'), STOP_TIMEOUT_MS)));
  try {
    return await Promise.race([
      server
        .shutdown()
        .then(() => server.closed)
        .then(() => undefined),
      late,
    ]);
  } catch (error) {
    if (!(error instanceof BackgroundServerLost)) throw error;
    // It went away while stopping: stopped, unless it is still there.
    return processAlive(entry.identity.pid, entry.identity.processStart) ? signal(entry.identity.pid, 'SIGTERM') : undefined;
  } finally {
    clearTimeout(timer);
  }
}

function signal(pid: number, name: NodeJS.Signals): string | undefined {
  try {
    process.kill(pid, name);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? undefined : `cannot signal it: ${(error as Error).message}`;
  }
}

/** Loaded when a server is asked something: the MCP server imports this module without needing it. */
async function remoteServer(): Promise<typeof RemoteServer> {
  return (await import('./remote-server.js')).RemoteServer;
}

type Look =
  { readonly kind: 'entry'; readonly entry: DaemonEntry } | { readonly kind: 'cleaned'; readonly identity: DaemonIdentity | undefined };

async function look(files: DaemonFiles): Promise<Look> {
  const identity = readIdentity(files.status);
  const socket = await connectTo(files.socket);
  if (socket !== undefined) {
    using server = new (await remoteServer())(socket);
    const status = await answerWithin(server.status(), STATUS_TIMEOUT_MS);
    const who = status ?? identity;
    if (who !== undefined)
      return {
        kind: 'entry',
        entry: { state: status === undefined ? 'busy' : 'serving', identity: who, status, processes: memoryOfTree(who.pid) },
      };
  }
  if (identity !== undefined && processAlive(identity.pid, identity.processStart)) {
    return { kind: 'entry', entry: { state: 'stopping', identity, status: undefined, processes: memoryOfTree(identity.pid) } };
  }
  return { kind: 'cleaned', identity: (await cleanUp(files)) ? identity : undefined };
}

/**
 * Removes what a dead server left (its socket, its status file, a stale start lock), under
 * the start lock: a server being started holds it, and is left alone. Its log stays, the
 * trace of why it died. Answers whether anything was removed.
 */
async function cleanUp(files: DaemonFiles): Promise<boolean> {
  const lock = tryLock(files.lock);
  if (!lock.acquired) return false;
  try {
    // Looked at again under the lock: a server may have started since.
    const socket = await connectTo(files.socket);
    if (socket !== undefined) {
      socket.destroy();
      return false;
    }
    removeFile(files.socket);
    removeFile(files.status);
    return true;
  } finally {
    releaseLock(files.lock);
  }
}

function readIdentity(path: string): DaemonIdentity | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as DaemonIdentity;
    return typeof parsed.pid === 'number' && typeof parsed.root === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      answer.catch(() => undefined),
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
