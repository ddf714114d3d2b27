import { DAEMON_PROTOCOL } from './daemon-protocol.js';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The directory of the user's background servers: `$XDG_RUNTIME_DIR/mcp-lsp-bridge`, else
 * `<tmpdir>/mcp-lsp-bridge-<uid>`. Only its owner may enter it (mode 0700); a directory that
 * another user owns, or that others can enter, is refused (`undefined`): the CLI then runs
 * without a background server rather than talk to a socket someone else controls.
 */
export function daemonDirectory(env: Readonly<Record<string, string | undefined>>): string | undefined {
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

/**
 * One background server per (workspace root, backend, `LSP_BRIDGE_*` settings, program):
 * a CLI with other settings, or another version of the program, starts its own.
 */
export function daemonKey(
  root: string,
  backend: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  program: string,
): string {
  const settings = Object.entries(env)
    .filter(([name, value]) => name.startsWith('LSP_BRIDGE_') && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const material = JSON.stringify({ root, backend: backend ?? null, settings, program, protocol: DAEMON_PROTOCOL });
  return createHash('sha256').update(material).digest('hex').slice(0, 24);
}

export interface DaemonFiles {
  readonly socket: string;
  readonly log: string;
}

export function daemonFiles(dir: string, key: string): DaemonFiles {
  return { socket: join(dir, `${key}.sock`), log: join(dir, `${key}.log`) };
}

/**
 * Removes a socket file if it is there. Not `rmSync`: on Node 20, `rmSync` of a socket goes
 * through its internal rimraf and leaves the process unable to resolve symlinked packages
 * afterwards (the next `import()` of a pnpm-linked package fails), found the hard way.
 */
export function removeSocket(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
