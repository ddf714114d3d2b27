import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** How every temp file of the writer ends: `.<name>.<pid>-<random>.lsp-bridge.tmp`. */
export const TEMP_SUFFIX = '.lsp-bridge.tmp';

/**
 * A name for one write, unique across processes and writes: the process id (whose write it
 * is) and random hex. Two writes never share a temp file, whatever they target.
 */
export function newWriteToken(): string {
  return `${process.pid}-${randomBytes(6).toString('hex')}`;
}

/**
 * Where write `token` stages the new content of `path`: a hidden file in the same directory,
 * so the final rename is atomic (same file system).
 */
export function tempPathFor(path: string, token: string): string {
  return join(dirname(path), `.${basename(path)}.${token}${TEMP_SUFFIX}`);
}
