import { spawn } from 'node:child_process';
import { closeSync, openSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Socket } from 'node:net';
import { DAEMON_MAIN, newLogFile, type DaemonFiles } from './daemon-paths.js';
import { ANOTHER_LINE, READY_LINE } from './daemon-protocol.js';
import { processStart } from './process-info.js';
import { connectTo } from './socket-connection.js';
import { handOver, releaseLock, tryLock } from './start-lock.js';

type Environment = Readonly<Record<string, string | undefined>>;

/** How long a front waits for its workspace's server to listen before it answers without it. */
const START_TIMEOUT_MS = 30_000;

/**
 * How long a waiting front trusts that the starter it waits for is alive: a death is no
 * event in the directory, so the lock is looked at again at least this often.
 */
const LOCK_RECHECK_MS = 1_000;

/**
 * A connection to the background server of `files`, started if none listens: however many
 * fronts ask at once, one of them (the holder of the start lock) starts it, and the others
 * wait for its socket to appear. `undefined` when none could be reached or started in time:
 * the front then answers the call itself.
 */
export async function connectOrStart(files: DaemonFiles, root: string, env: Environment): Promise<Socket | undefined> {
  const first = await connectTo(files.socket);
  if (first !== undefined) return first;
  const changes = new DirectoryChanges(dirname(files.socket), [basename(files.socket), basename(files.lock)]);
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const changed = changes.next();
      const socket = await connectTo(files.socket);
      if (socket !== undefined) return socket;
      const lock = tryLock(files.lock);
      if (lock.acquired) {
        const started = await startUnderLock(files, root, env);
        if (!started) return undefined;
        continue;
      }
      await changed.within(Math.min(LOCK_RECHECK_MS, deadline - Date.now()));
    }
    return undefined;
  } finally {
    changes.close();
  }
}

/** With the start lock held: starts the server, hands it the lock, and waits for it to listen. */
async function startUnderLock(files: DaemonFiles, root: string, env: Environment): Promise<boolean> {
  try {
    // Started by someone else between our last look and the lock.
    const socket = await connectTo(files.socket);
    if (socket !== undefined) {
      socket.destroy();
      return true;
    }
    return await spawnServer(files, root, env);
  } finally {
    // A no-op once handed over: the server releases it.
    releaseLock(files.lock);
  }
}

/** Starts a background server and waits for it to say it listens (or that another one does). */
function spawnServer(files: DaemonFiles, root: string, env: Environment): Promise<boolean> {
  const logFile = newLogFile(files);
  const log = openSync(logFile, 'w', 0o600);
  const child = spawn(process.execPath, [DAEMON_MAIN, '--socket', files.socket, '--root', root, '--log', logFile], {
    detached: true,
    stdio: ['ignore', 'pipe', log] as const,
    env: { ...env },
    // Not the workspace: the server must not keep it busy (or its directory from being removed).
    cwd: '/',
  });
  closeSync(log);
  if (child.pid !== undefined) handOver(files.lock, { pid: child.pid, processStart: processStart(child.pid) });
  const { stdout } = child;
  if (stdout === null) return Promise.resolve(false);
  return new Promise((resolve) => {
    let said = '';
    const saidReady = (): boolean => said.startsWith(READY_LINE) || said.startsWith(ANOTHER_LINE);
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      stdout.destroy();
      child.unref();
      resolve(ok);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done(false);
    }, START_TIMEOUT_MS);
    stdout.setEncoding('utf8').on('data', (chunk: string) => {
      said += chunk;
      if (said.includes('\n')) done(saidReady());
    });
    child.once('exit', () => done(saidReady()));
    child.once('error', () => done(false));
  });
}

/** Changes to some names in a directory, as events: a waiting front wakes when the socket or the lock changes. */
class DirectoryChanges {
  private readonly watcher: FSWatcher | undefined;
  private wake: () => void = () => undefined;

  constructor(dir: string, names: readonly string[]) {
    try {
      this.watcher = watch(dir, { persistent: false }, (_event, name) => {
        if (name === null || names.includes(name)) this.wake();
      });
      this.watcher.on('error', () => this.wake());
    } catch {
      // No watch (the inotify limit): the re-check interval alone wakes the waiters.
      this.watcher = undefined;
    }
  }

  /** A change from now on; `within(ms)` resolves at it, or after `ms`. */
  next(): { within(ms: number): Promise<void> } {
    let changed = false;
    let resolveChange: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => (resolveChange = resolve));
    this.wake = () => {
      changed = true;
      resolveChange();
    };
    return {
      within: (ms) => {
        if (changed) return Promise.resolve();
        let timer: NodeJS.Timeout | undefined;
        return Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]).finally(() =>
          clearTimeout(timer),
        );
      },
    };
  }

  close(): void {
    this.watcher?.close();
  }
}
