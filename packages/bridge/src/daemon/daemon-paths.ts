import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backgroundServerSettings } from '@mcp-lsp-bridge/domain/front';
import { PRODUCT_VERSION } from '../product-version.js';
import { DAEMON_PROTOCOL } from './daemon-protocol.js';

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The background server's script, beside this module: `dist/daemon/` of this package in the
 * workspace, the flat `dist/` of the published bundle. Both bins reach it from here.
 */
export const DAEMON_MAIN = fileURLToPath(new URL('./daemon-main.js', import.meta.url));

/**
 * Which program a background server runs: the script, its build (a rebuilt or reinstalled
 * bridge writes it anew) and the product's version. Part of the key, so a front never talks
 * to a server of another build.
 */
export function daemonProgram(): string {
  let built = 'unbuilt';
  try {
    const stat = statSync(DAEMON_MAIN);
    built = `${stat.mtimeMs}:${stat.size}`;
  } catch {
    // Not there (a test running the sources): the key still names the path and the version.
  }
  return `${PRODUCT_VERSION} ${DAEMON_MAIN} ${built}`;
}

/**
 * The directory of the user's background servers: `$XDG_RUNTIME_DIR/mcp-lsp-bridge`, else
 * `<tmpdir>/mcp-lsp-bridge-<uid>`. Only its owner may enter it (mode 0700); a directory that
 * another user owns, or that others can enter, is refused (`undefined`): calls then run
 * without a background server rather than talk to a socket someone else controls.
 */
export function daemonDirectory(env: Environment): string | undefined {
  const uid = process.getuid?.() ?? 0;
  const runtime = env['XDG_RUNTIME_DIR'];
  const dir = runtime !== undefined && runtime !== '' ? join(runtime, 'mcp-lsp-bridge') : join(tmpdir(), `mcp-lsp-bridge-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o077) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** What a background server is for: one per (real root, backend, settings, program). */
export interface DaemonTarget {
  /** The real path of the workspace root. */
  readonly root: string;
  readonly backend: string;
  /** The settings of the key ({@link backgroundServerSettings}), the backend among them. */
  readonly settings: readonly (readonly [string, string])[];
  readonly program: string;
}

/** The target of a front with these settings, `backend` being the one they choose. */
export function daemonTarget(root: string, backend: string, env: Environment): DaemonTarget {
  return { root, backend, settings: backgroundServerSettings({ ...env, LSP_BRIDGE_BACKEND: backend }), program: daemonProgram() };
}

/**
 * The key of a target: a front with other settings, or another build of the program,
 * starts its own server. 24 hex digits, the names of its files.
 */
export function daemonKey(target: DaemonTarget): string {
  const material = JSON.stringify({ ...target, protocol: DAEMON_PROTOCOL });
  return createHash('sha256').update(material).digest('hex').slice(0, 24);
}

/** A key, as the names of the files in the directory spell it. */
export const KEY_PATTERN = /^([0-9a-f]{24})\.(sock|json|lock)$/;

export interface DaemonFiles {
  readonly key: string;
  /** Where it listens; present only while it serves. */
  readonly socket: string;
  /** Who it is ({@link DaemonIdentity}), for what a dead one left behind. */
  readonly status: string;
  /** Held by whoever is starting the server of the key ({@link StartLock}). */
  readonly lock: string;
}

export function daemonFiles(dir: string, key: string): DaemonFiles {
  return {
    key,
    socket: join(dir, `${key}.sock`),
    status: join(dir, `${key}.json`),
    lock: join(dir, `${key}.lock`),
  };
}

/**
 * The log (stderr) of a server about to be started: a name of its own, beside the socket, so a
 * server started while another of its key is still stopping never shares it.
 */
export function newLogFile(files: DaemonFiles): string {
  return join(dirname(files.socket), `${files.key}.${process.pid}-${Date.now()}.log`);
}

/**
 * Removes a file if it is there. Not `rmSync`: on Node 20, `rmSync` of a socket goes through
 * its internal rimraf and leaves the process unable to resolve symlinked packages afterwards
 * (the next `import()` of a pnpm-linked package fails), found the hard way.
 */
export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
