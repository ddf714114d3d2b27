import { createServer, type Server, type Socket } from 'node:net';
import { backgroundFront } from '../../src/daemon/background-front.js';
import { daemonDirectory, daemonFiles, daemonKey, daemonTarget, removeFile, type DaemonFiles } from '../../src/daemon/daemon-paths.js';
import { DaemonServer } from '../../src/daemon/daemon-server.js';
import type { Bridge } from '../../src/operations/bridge-surface.js';

export type { Bridge };

export interface Background extends AsyncDisposable {
  /** A front whose calls on the root go to the background server. */
  readonly front: Bridge;
  /** The server dies as a killed process would: its connections drop without an answer; `next` takes its place. */
  kill(): Promise<void>;
  /**
   * The server dies as a killed process does on Linux: its connections drop, but until its last
   * thread has exited its socket still accepts connections, which it closes unanswered once the
   * first has come; then `next` takes its place.
   */
  die(): Promise<void>;
  /** The server stops as `daemon stop` stops it; `next` takes its place. */
  stop(): Promise<void>;
}

/**
 * A background server of `root` answering with `first`, in this process on its real socket,
 * and a front of it that runs in-process calls with `local`; `next` is the server that
 * replaces it when it dies or stops.
 */
export async function background(runtime: string, root: string, first: Bridge, local: Bridge, next?: Bridge): Promise<Background> {
  const env = { XDG_RUNTIME_DIR: runtime, LSP_BRIDGE_DAEMON: 'on' };
  const dir = daemonDirectory(env);
  if (dir === undefined) throw new Error(`${runtime} cannot hold background servers`);
  const files = daemonFiles(dir, daemonKey(daemonTarget(root, 'auto', env)));
  const servers = [await started(files, root, first)];
  const replace = async (): Promise<void> => {
    if (next !== undefined) servers.push(await started(files, root, next));
  };
  const front = backgroundFront({ env, inProcess: () => local });
  return {
    front,
    kill: async () => {
      const [server] = servers;
      // Its private parts: what a killed process loses at once.
      const parts = server as unknown as { server: Server; sockets: Set<Socket> };
      parts.server.close();
      removeFile(files.socket);
      await replace();
      for (const socket of parts.sockets) socket.destroy();
    },
    die: async () => {
      const [server] = servers;
      const parts = server as unknown as { server: Server; sockets: Set<Socket> };
      parts.server.close();
      removeFile(files.socket);
      const held = new Set<Socket>();
      let connected: () => void = () => undefined;
      const firstConnection = new Promise<void>((resolve) => (connected = resolve));
      const dying = createServer({ pauseOnConnect: true }, (socket) => {
        held.add(socket);
        connected();
      });
      await new Promise<void>((resolve) => dying.listen(files.socket, resolve));
      for (const socket of parts.sockets) socket.destroy();
      await firstConnection;
      // Gone: its socket with it (a server stops listening, and removes its path, at once on close).
      dying.close();
      await replace();
      for (const socket of held) socket.destroy();
    },
    stop: async () => {
      await servers[0]?.stop('test');
      await replace();
    },
    [Symbol.asyncDispose]: async () => {
      await front.dispose();
      for (const server of servers) await server.stop('test');
    },
  };
}

async function started(files: DaemonFiles, root: string, bridge: Bridge): Promise<DaemonServer> {
  const server = new DaemonServer({
    files,
    logFile: `${files.socket}.log`,
    identity: { root, backend: 'auto', settings: {}, program: 'test', version: 'test', protocol: 0, idleMs: 60_000 },
    bridge,
    log: () => undefined,
  });
  if ((await server.start()) !== 'listening') throw new Error('another server listens on the test socket');
  return server;
}
