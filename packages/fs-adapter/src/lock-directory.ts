import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FsOperations } from './fs-operations.js';
import { openStateDirectory } from './state-directory.js';

/**
 * Where every bridge process of this user keeps its write locks: `/tmp/mcp-lsp-bridge-<uid>/locks`
 * (`<tmpdir>\mcp-lsp-bridge\locks` on Windows), made mode 0700 and refused when another user owns
 * it. Never inside a workspace.
 *
 * A fixed path, on purpose not `$XDG_RUNTIME_DIR` or `$TMPDIR`: processes that must exclude each
 * other have to find the same directory whoever started them, and MCP clients start servers with a
 * minimal environment (the MCP SDK passes only HOME, LOGNAME, PATH, SHELL, TERM and USER), so a
 * CLI in a terminal and a server started by an editor would otherwise lock in two places.
 */
export function lockDirectoryPath(): string {
  const uid = process.getuid?.();
  if (uid === undefined) return join(tmpdir(), 'mcp-lsp-bridge', 'locks');
  return join('/tmp', `mcp-lsp-bridge-${uid}`, 'locks');
}

/**
 * Creates (or narrows) the lock directory and its parent, each ours and 0700 (a parent another
 * user owns could swap the directory under us); rejects with an `Error` saying why it cannot be used.
 */
export async function openLockDirectory(fs: Pick<FsOperations, 'mkdir' | 'lstat' | 'chmod'>, path: string): Promise<string> {
  await openStateDirectory(fs, [dirname(path)]);
  return openStateDirectory(fs, [path]);
}
