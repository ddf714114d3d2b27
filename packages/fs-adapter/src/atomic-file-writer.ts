import { basename, dirname, join } from 'node:path';
import { displayPath, isDependencyPath, isInsideRoot, type FileChange, type FileWriter, type Signal } from '@mcp-lsp-bridge/domain';
import { describeError, errnoCode, isMissing, nodeFsOperations, type FsOperations } from './fs-operations.js';
import { BOM, NO_BOM, concat, sameBytes, startsWithBom } from './utf8-bytes.js';
import { fileChanged, notUtf8, outside, renameFailed, rootUnresolvable, writeFailed } from './writer-errors.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8 = new TextEncoder();

/** One verified file: what it held, what it will hold, and where the new bytes wait. */
interface PreparedFile {
  readonly path: string;
  /** The path as messages show it (relative to the workspace). */
  readonly display: string;
  readonly temp: string;
  readonly mode: number;
  readonly original: Uint8Array;
  readonly replacement: Uint8Array;
}

/** Where the new content of `path` is written before it replaces `path` (same directory, so rename is atomic). */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.lsp-bridge.tmp`);
}

/**
 * The domain's `FileWriter`: every file or none. Verifies every target (inside the
 * workspace, not a dependency, still holding the expected text), writes each new content
 * to a temp file beside its target, then renames the temps over the targets. A failed
 * rename restores the files already replaced from the bytes kept in memory.
 */
export class AtomicFileWriter implements FileWriter {
  private readonly fs: FsOperations;

  constructor(operations: Partial<FsOperations> = {}) {
    this.fs = { ...nodeFsOperations, ...operations };
  }

  async writeAll(workspaceRoot: string, changes: readonly FileChange[], signal: Signal): Promise<void> {
    if (changes.length === 0) return;
    const root = await this.realRoot(workspaceRoot);
    const files: PreparedFile[] = [];
    for (const change of changes) {
      signal.throwIfAborted();
      files.push(await this.verify(root, change, files));
    }

    const staged: PreparedFile[] = [];
    try {
      for (const file of files) {
        signal.throwIfAborted();
        await this.stage(file);
        staged.push(file);
      }
      // The last moment to cancel: once the first rename is done we finish or roll back.
      signal.throwIfAborted();
      await this.recheck(files);
    } catch (error) {
      await this.removeTemps(staged);
      throw error;
    }
    await this.replaceAll(files);
  }

  private async realRoot(workspaceRoot: string): Promise<string> {
    try {
      return await this.fs.realpath(workspaceRoot);
    } catch (error) {
      throw rootUnresolvable(workspaceRoot, error);
    }
  }

  /** Phase 1: refuses anything outside the workspace or changed since the edits were computed. */
  private async verify(root: string, change: FileChange, earlier: readonly PreparedFile[]): Promise<PreparedFile> {
    let path: string;
    try {
      path = await this.fs.realpath(change.path);
    } catch (error) {
      if (isMissing(error)) throw fileChanged(displayPath(root, change.path), 'it no longer exists');
      throw writeFailed(`Cannot resolve "${displayPath(root, change.path)}": ${describeError(error)}. Nothing was changed.`);
    }
    if (!isInsideRoot(root, path)) {
      throw outside(`Refusing to write "${change.path}": it resolves to "${path}", outside the workspace "${root}". Nothing was changed.`);
    }
    const display = displayPath(root, path);
    if (isDependencyPath(root, path)) {
      throw outside(`Refusing to write "${display}": it is inside node_modules, a dependency. Nothing was changed.`);
    }
    if (earlier.some((file) => file.path === path)) {
      // The domain groups edits by file; two changes for one file are a bug upstream.
      throw new Error(`Two changes target the same file "${display}"`);
    }

    const stats = await readOrRefuse(display, () => this.fs.stat(path));
    if (!stats.isFile()) throw fileChanged(display, 'it is not a regular file');
    const original = await readOrRefuse(display, () => this.fs.readFile(path));

    const hasBom = startsWithBom(original);
    let text: string;
    try {
      text = strictUtf8.decode(hasBom ? original.subarray(BOM.length) : original);
    } catch {
      throw notUtf8(display);
    }
    if (text !== change.expectedText) throw fileChanged(display, 'its text differs from the text the rename was computed from');

    return {
      path,
      display,
      temp: tempPathFor(path),
      mode: stats.mode & 0o7777,
      original,
      replacement: concat(hasBom ? BOM : NO_BOM, utf8.encode(change.newText)),
    };
  }

  /** Phase 2: the new bytes of one file, in its temp file, with the original's mode. */
  private async stage(file: PreparedFile): Promise<void> {
    try {
      await this.writeTemp(file, file.replacement);
    } catch (error) {
      throw writeFailed(`Cannot write "${file.display}" (temp file "${file.temp}"): ${describeError(error)}. Nothing was changed.`);
    }
  }

  /** Phase 3, first step: nobody wrote to a target while the temps were written. */
  private async recheck(files: readonly PreparedFile[]): Promise<void> {
    for (const file of files) {
      let now: Uint8Array;
      try {
        now = await this.fs.readFile(file.path);
      } catch (error) {
        throw fileChanged(file.display, `it can no longer be read (${describeError(error)})`);
      }
      if (!sameBytes(now, file.original)) throw fileChanged(file.display, 'it was modified while the rename was being written');
    }
  }

  /** Phase 3: every temp over its target; on a failure, every replaced target back as it was. */
  private async replaceAll(files: readonly PreparedFile[]): Promise<void> {
    for (const [index, file] of files.entries()) {
      try {
        await this.fs.rename(file.temp, file.path);
      } catch (error) {
        await this.removeTemps(files.slice(index));
        const unrestored = await this.restore(files.slice(0, index));
        throw renameFailed(file.display, error, index, unrestored);
      }
    }
  }

  /** Writes the original bytes back (temp + rename again); returns what could not be restored. */
  private async restore(replaced: readonly PreparedFile[]): Promise<string[]> {
    const unrestored: string[] = [];
    for (const file of replaced) {
      try {
        await this.writeTemp(file, file.original);
        await this.fs.rename(file.temp, file.path);
      } catch (error) {
        await this.unlinkQuietly(file.temp);
        unrestored.push(`${file.display} (${describeError(error)})`);
      }
    }
    return unrestored;
  }

  /** Creates the temp file afresh; on failure no temp of ours is left behind. */
  private async writeTemp(file: PreparedFile, bytes: Uint8Array): Promise<void> {
    // A stale temp from an interrupted run is removed. `wx` then creates the file
    // exclusively, so a symlink planted at the temp name is never followed.
    await this.unlinkIfPresent(file.temp);
    try {
      await this.fs.writeFile(file.temp, bytes, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') await this.unlinkQuietly(file.temp);
      throw error;
    }
    try {
      // The mode given at creation is masked by the umask; chmod sets it exactly.
      await this.fs.chmod(file.temp, file.mode);
    } catch (error) {
      await this.unlinkQuietly(file.temp);
      throw error;
    }
  }

  private async removeTemps(files: readonly PreparedFile[]): Promise<void> {
    for (const file of files) await this.unlinkQuietly(file.temp);
  }

  private async unlinkIfPresent(path: string): Promise<void> {
    try {
      await this.fs.unlink(path);
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error;
    }
  }

  private async unlinkQuietly(path: string): Promise<void> {
    try {
      await this.fs.unlink(path);
    } catch {
      // Already gone, or not ours to remove (a directory): either way nothing to undo.
    }
  }
}

/** Runs a read of phase 1, turning an OS error into a refusal. */
async function readOrRefuse<T>(display: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isMissing(error)) throw fileChanged(display, 'it no longer exists');
    throw writeFailed(`Cannot read "${display}": ${describeError(error)}. Nothing was changed.`);
  }
}
