import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { describeError, type FsOperations } from './fs-operations.js';

/** The setting that names the state directory explicitly (tests, sandboxes without a home). */
export const STATE_DIR_SETTING = 'LSP_BRIDGE_STATE_DIR';

/**
 * Where the per-user state (the write journals) may live, in order of preference:
 * `$LSP_BRIDGE_STATE_DIR` alone when it is set; else `$XDG_STATE_HOME/mcp-lsp-bridge`,
 * `~/.local/state/mcp-lsp-bridge`, and `<tmpdir>/mcp-lsp-bridge-<uid>/state` for a user
 * without a writable home. Never inside a workspace.
 */
export function stateDirectories(env: Readonly<Record<string, string | undefined>>): string[] {
  const explicit = env[STATE_DIR_SETTING];
  if (explicit !== undefined && explicit !== '') return [explicit];
  const out: string[] = [];
  const xdg = env['XDG_STATE_HOME'];
  // The XDG spec says a relative value is invalid and must be ignored.
  if (xdg !== undefined && isAbsolute(xdg)) out.push(join(xdg, 'mcp-lsp-bridge'));
  const home = safeHome();
  if (home !== undefined) out.push(join(home, '.local', 'state', 'mcp-lsp-bridge'));
  out.push(join(tmpdir(), `mcp-lsp-bridge-${process.getuid?.() ?? 0}`, 'state'));
  return out;
}

function safeHome(): string | undefined {
  try {
    const home = homedir();
    return home === '' ? undefined : home;
  } catch {
    return undefined;
  }
}

/**
 * The first of `candidates` that is (or can be made) a directory only this user may enter:
 * created with mode 0700; one owned by another user is refused (someone could plant journals
 * there that make us "restore" files), one of ours that others may enter is narrowed to 0700.
 * Throws an `Error` saying why none could be used.
 */
export async function openStateDirectory(
  fs: Pick<FsOperations, 'mkdir' | 'lstat' | 'chmod'>,
  candidates: readonly string[],
): Promise<string> {
  const problems: string[] = [];
  const uid = process.getuid?.();
  for (const dir of candidates) {
    try {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const stats = await fs.lstat(dir);
      if (!stats.isDirectory()) throw new Error('it is not a directory');
      if (uid !== undefined && stats.uid !== uid) throw new Error(`it belongs to user ${stats.uid}`);
      if ((stats.mode & 0o077) !== 0) await fs.chmod(dir, 0o700);
      return dir;
    } catch (error) {
      problems.push(`"${dir}": ${describeError(error)}`);
    }
  }
  throw new Error(`no usable state directory (${problems.join('; ')})`);
}
