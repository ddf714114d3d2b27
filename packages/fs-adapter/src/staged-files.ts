import { errnoCode, type FsOperations } from './fs-operations.js';

/** One verified file of a write: what it held, what it will hold, and where the new bytes wait. */
export interface PreparedFile {
  readonly path: string;
  /** The path as messages show it (relative to the workspace). */
  readonly display: string;
  readonly temp: string;
  readonly mode: number;
  readonly original: Uint8Array;
  readonly replacement: Uint8Array;
}

/** Creates `file`'s temp file holding `bytes`, with the file's mode; on failure no temp of ours is left behind. */
export async function writeTemp(fs: FsOperations, file: PreparedFile, bytes: Uint8Array): Promise<void> {
  // `wx` creates the file exclusively: a file or symlink already at the (unique) name is
  // never followed or overwritten, and never removed, since it is not ours.
  try {
    await fs.writeFile(file.temp, bytes, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') await unlinkQuietly(fs, file.temp);
    throw error;
  }
  try {
    // The mode given at creation is masked by the umask; chmod sets it exactly.
    await fs.chmod(file.temp, file.mode);
  } catch (error) {
    await unlinkQuietly(fs, file.temp);
    throw error;
  }
}

export async function removeTemps(fs: FsOperations, files: readonly PreparedFile[]): Promise<void> {
  for (const file of files) await unlinkQuietly(fs, file.temp);
}

export async function unlinkQuietly(fs: FsOperations, path: string): Promise<void> {
  try {
    await fs.unlink(path);
  } catch {
    // Already gone, or not ours to remove (a directory): either way nothing to undo.
  }
}
