import { chmodSync, linkSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { Bridge } from '../operations/bridge-surface.js';
import { removeFile, type DaemonFiles } from './daemon-paths.js';
import type { DaemonIdentity, DaemonStatus } from './daemon-protocol.js';
import { serveConnection, type CallCounter, type ServedConnection } from './daemon-connection.js';
import { connectTo } from './socket-connection.js';
import { releaseLock, thisProcess } from './start-lock.js';

export interface DaemonServerOptions {
  readonly files: DaemonFiles;
  /** Where its stderr goes. */
  readonly logFile: string;
  /** Who it is: everything but what the process knows of itself. */
  readonly identity: Omit<DaemonIdentity, 'pid' | 'processStart' | 'startedAt' | 'socket' | 'log'>;
  /** Answers the calls; released when the server stops. */
  readonly bridge: Bridge;
  readonly log: (line: string) => void;
}

/**
 * A background server: one bridge (warm language services) serving every front of its
 * workspace on a Unix socket, until it has been idle for `identity.idleMs`, or is stopped.
 */
export class DaemonServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly connections = new Set<ServedConnection>();
  private readonly me = thisProcess();
  private readonly identity: DaemonIdentity;
  private inode: bigint | undefined;
  private running = 0;
  private served = 0;
  private lastCallAt: number | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  private stopped: Promise<void> | undefined;
  private finish: () => void = () => undefined;
  /** Resolves once the server has stopped and every front has hung up (or a grace has passed). */
  readonly done = new Promise<void>((resolve) => (this.finish = resolve));

  constructor(private readonly options: DaemonServerOptions) {
    this.identity = {
      ...options.identity,
      pid: this.me.pid,
      processStart: this.me.processStart,
      startedAt: Date.now(),
      socket: options.files.socket,
      log: options.logFile,
    };
    const calls: CallCounter = {
      begin: () => {
        this.running++;
        clearTimeout(this.idleTimer);
      },
      end: () => {
        this.running--;
        this.served++;
        this.lastCallAt = Date.now();
        if (this.running === 0) this.armIdle();
      },
    };
    this.server = createServer((socket) => {
      const connection = serveConnection(socket, {
        bridge: options.bridge,
        calls,
        status: () => this.status(),
        shutdown: () => this.stop('lsp-bridge daemon stop'),
      });
      this.sockets.add(socket);
      this.connections.add(connection);
      socket.on('close', () => {
        this.sockets.delete(socket);
        this.connections.delete(connection);
      });
      if (this.stopped !== undefined) connection.closeWhenIdle();
    });
  }

  /**
   * Listens on the key's socket, under the start lock its starter handed over: answers
   * 'another' when a live server already listens there. A socket file nobody answers on
   * was left by a server that died, and is replaced.
   */
  async start(): Promise<'listening' | 'another'> {
    const { files } = this.options;
    try {
      const live = await connectTo(files.socket);
      if (live !== undefined) {
        live.destroy();
        return 'another';
      }
      removeFile(files.socket);
      // Bound under a name of its own, then linked into place: Node removes the path a server
      // was bound to when it closes, which must never be the key's name (a server started
      // after this one stopped may be listening there by then).
      const own = files.socket.replace(/\.sock$/, `.${this.me.pid}.sock`);
      removeFile(own);
      await listen(this.server, own);
      chmodSync(own, 0o600);
      try {
        linkSync(own, files.socket);
      } catch (error) {
        this.server.close();
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'another';
        throw error;
      } finally {
        removeFile(own);
      }
      this.inode = socketInode(files.socket);
      writeWhole(files.status, JSON.stringify(this.identity, null, 2));
      this.armIdle();
      return 'listening';
    } finally {
      releaseLock(files.lock, this.me);
    }
  }

  status(): DaemonStatus {
    return { ...this.identity, lastCallAt: this.lastCallAt, callsServed: this.served, callsRunning: this.running };
  }

  /**
   * Stops: takes its socket away first (so no front finds a server that will not serve),
   * cancels the calls running except a write that has begun, which is finished, and releases
   * the language services (their servers exit). Resolves then; `done` once every front has
   * had its last answer and the connections are closed.
   */
  stop(reason: string): Promise<void> {
    return (this.stopped ??= (async () => {
      this.options.log(`${STOPPING}(${reason})`);
      clearTimeout(this.idleTimer);
      this.unpublish();
      this.server.close();
      try {
        await this.options.bridge.dispose();
      } catch (error) {
        this.options.log(`mcp-lsp-bridge daemon: releasing the language services failed: ${String(error)}`);
      }
      this.removeStatusFile();
      for (const connection of this.connections) connection.closeWhenIdle();
      void allClosed(this.sockets, ANSWER_GRACE_MS).then(this.finish);
    })());
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stop('idle'), this.identity.idleMs);
  }

  /** Removes the status file if it still names this server (one started since has written its own). */
  private removeStatusFile(): void {
    try {
      const written = JSON.parse(readFileSync(this.options.files.status, 'utf8')) as { pid?: unknown };
      if (written.pid === this.identity.pid) removeFile(this.options.files.status);
    } catch {
      // Gone, or unreadable: not this server's to remove.
    }
  }

  /** Removes the socket file if it is still this server's. */
  private unpublish(): void {
    try {
      if (socketInode(this.options.files.socket) === this.inode) removeFile(this.options.files.socket);
    } catch {
      // Already gone.
    }
  }
}

/**
 * The inode of a socket file. Read as a bigint stat: on Node 20, a plain `statSync` of a
 * socket leaves the values it shares with the module resolver such that the next `import()`
 * of a pnpm-linked package fails (the same trap as `rmSync` of a socket; found the hard way).
 */
function socketInode(path: string): bigint {
  return statSync(path, { bigint: true }).ino;
}

/** How the log line of a stop begins. */
export const STOPPING = 'mcp-lsp-bridge daemon: stopping ';

/** How long a stopping server waits for its fronts to read their last answers and hang up. */
const ANSWER_GRACE_MS = 5_000;

/** Writes a file whole: a reader sees the old content or the new, never a part. */
function writeWhole(path: string, text: string): void {
  const aside = `${path}.${process.pid}.new`;
  writeFileSync(aside, text, { mode: 0o600 });
  renameSync(aside, path);
}

/** Resolves once every socket has closed, or after `graceMs`. */
function allClosed(sockets: ReadonlySet<Socket>, graceMs: number): Promise<void> {
  const open = [...sockets].filter((socket) => !socket.closed);
  if (open.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, graceMs);
    let left = open.length;
    for (const socket of open) {
      socket.once('close', () => {
        if (--left === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  });
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
