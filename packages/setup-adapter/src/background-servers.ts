import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import type { BackgroundServer, BackgroundServerFacts } from '@mcp-lsp-bridge/domain';

/** How long a socket may take to accept before it counts as left behind. */
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The CLI's background servers in `directory` (where they keep their sockets and logs): each
 * socket, whether a server still accepts connections on it (one that died leaves its socket),
 * its process (from /proc, on Linux) and when it started. A connection that is closed at once
 * is no call: it does not keep a server from stopping when idle.
 */
export async function backgroundServers(directory: string): Promise<BackgroundServerFacts> {
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.sock'));
  } catch {
    return { directory, servers: [] };
  }
  const processes = daemonProcesses();
  const servers: BackgroundServer[] = [];
  for (const name of names.sort()) {
    const socket = path.join(directory, name);
    const pid = processes.get(socket);
    const since = changedAt(socket);
    servers.push({ socket, live: await accepts(socket), ...(pid === undefined ? {} : { pid }), ...(since === undefined ? {} : { since }) });
  }
  return { directory, servers };
}

function changedAt(file: string): string | undefined {
  try {
    return lstatSync(file).mtime.toISOString();
  } catch {
    return undefined;
  }
}

function accepts(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection(socket);
    const done = (live: boolean): void => {
      clearTimeout(timer);
      connection.destroy();
      resolve(live);
    };
    const timer = setTimeout(() => done(false), CONNECT_TIMEOUT_MS);
    connection.once('connect', () => done(true));
    connection.once('error', () => done(false));
  });
}

/** The processes started with `--socket <path>` (how the CLI starts a background server), by socket. */
function daemonProcesses(): Map<string, number> {
  const found = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found; // not Linux: the sockets alone are listed
  }
  for (const pid of pids) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('--socket');
      const socket = at >= 0 ? args[at + 1] : undefined;
      if (socket !== undefined) found.set(socket, Number(pid));
    } catch {
      // gone while we looked, or not ours to read
    }
  }
  return found;
}
