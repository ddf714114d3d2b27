import { displayPath, isDependencyPath, isInsideRoot, type FileChange, type FileWriter, type Signal } from '@mcp-lsp-bridge/domain';
import { processFileLocks, type FileLocks } from './file-locks.js';
import { describeError, errnoCode, isMissing, nodeFsOperations, type FsOperations } from './fs-operations.js';
import { recoverInterruptedWrites, type RecoveryReport } from './recover-writes.js';
import { stateDirectories } from './state-directory.js';
import { newWriteToken, tempPathFor } from './temp-files.js';
import { BOM, NO_BOM, concat, sameBytes, startsWithBom } from './utf8-bytes.js';
import { processIsAlive, WriteJournals, type OpenJournal } from './write-journal.js';
import { fileChanged, journalUnavailable, notUtf8, outside, renameFailed, rootUnresolvable, writeFailed } from './writer-errors.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8 = new TextEncoder();

/** A change whose target is resolved and known to be inside the workspace. */
interface Target {
  readonly path: string;
  /** The path as messages show it (relative to the workspace). */
  readonly display: string;
  readonly change: FileChange;
}

/** One verified file: what it held, what it will hold, and where the new bytes wait. */
interface PreparedFile {
  readonly path: string;
  readonly display: string;
  readonly temp: string;
  readonly mode: number;
  readonly original: Uint8Array;
  readonly replacement: Uint8Array;
}

export interface AtomicFileWriterOptions {
  /** Where the write journals may live, in order of preference; default `stateDirectories(process.env)`. */
  readonly stateDirectories?: readonly string[];
  /** Whether a process is alive: the journals of dead ones are recovered. */
  readonly isAlive?: (pid: number) => boolean;
  /** The files held by writes in progress; default: the one set every writer of the process shares. */
  readonly locks?: FileLocks;
}

/**
 * The domain's `FileWriter`: every file or none, even across a crash.
 *
 * 1. Resolve every target (inside the workspace, not a dependency), then lock them: a write
 *    sharing a file with this one waits, and then sees this one's result.
 * 2. Verify each target still holds the text the edits were computed from.
 * 3. Journal the write (the original bytes, outside the workspace), stage each new content
 *    in a temp file of its own (`.<name>.<pid>-<random>.lsp-bridge.tmp`), recheck the targets.
 * 4. Rename the temps over the targets. A failed rename restores the files already replaced;
 *    a process killed here leaves a journal that the next start rolls back.
 *
 * The signal is obeyed until step 4; a write in step 4 is finished (or undone), never cut
 * short, and `drain()` waits for it.
 */
export class AtomicFileWriter implements FileWriter {
  private readonly fs: FsOperations;
  private readonly journals: WriteJournals;
  private readonly locks: FileLocks;
  private readonly isAlive: (pid: number) => boolean;
  private readonly inFlight = new Set<Promise<unknown>>();
  private recovery: Promise<RecoveryReport> | undefined;

  constructor(operations: Partial<FsOperations> = {}, options: AtomicFileWriterOptions = {}) {
    this.fs = { ...nodeFsOperations, ...operations };
    this.journals = new WriteJournals(this.fs, options.stateDirectories ?? stateDirectories(process.env));
    this.locks = options.locks ?? processFileLocks;
    this.isAlive = options.isAlive ?? processIsAlive;
  }

  /**
   * Puts right what processes killed mid-write left behind (see `recoverInterruptedWrites`).
   * Runs once per writer: at start-up (the composition calls it) and before the first write.
   */
  recoverInterruptedWrites(): Promise<RecoveryReport> {
    this.recovery ??= this.track(this.journals.writesDirectory().then((dir) => recoverInterruptedWrites(this.fs, dir, this.isAlive)));
    return this.recovery;
  }

  async writeAll(workspaceRoot: string, changes: readonly FileChange[], signal: Signal): Promise<void> {
    if (changes.length === 0) return;
    await this.track(this.write(workspaceRoot, changes, signal));
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = (): void => {
      this.inFlight.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  private async write(workspaceRoot: string, changes: readonly FileChange[], signal: Signal): Promise<void> {
    const root = await this.realRoot(workspaceRoot);
    const targets: Target[] = [];
    for (const change of changes) {
      signal.throwIfAborted();
      targets.push(await this.resolve(root, change, targets));
    }
    // A failed recovery is logged by the composition; the journal of this write fails on its own if the cause remains.
    await this.recoverInterruptedWrites().catch(() => undefined);
    const release = await this.locks.acquire(
      targets.map((target) => target.path),
      signal,
    );
    try {
      await this.writeLocked(root, targets, signal);
    } finally {
      release();
    }
  }

  private async writeLocked(root: string, targets: readonly Target[], signal: Signal): Promise<void> {
    const token = newWriteToken();
    const files: PreparedFile[] = [];
    for (const target of targets) {
      signal.throwIfAborted();
      files.push(await this.verify(target, token));
    }
    signal.throwIfAborted();
    const journal = await this.openJournal(root, files);

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
      await journal.close();
      throw error;
    }
    try {
      await this.replaceAll(files);
    } finally {
      await journal.close();
    }
  }

  private async realRoot(workspaceRoot: string): Promise<string> {
    try {
      return await this.fs.realpath(workspaceRoot);
    } catch (error) {
      throw rootUnresolvable(workspaceRoot, error);
    }
  }

  /** Phase 1: refuses anything outside the workspace. */
  private async resolve(root: string, change: FileChange, earlier: readonly Target[]): Promise<Target> {
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
    if (earlier.some((target) => target.path === path)) {
      // The domain groups edits by file; two changes for one file are a bug upstream.
      throw new Error(`Two changes target the same file "${display}"`);
    }
    return { path, display, change };
  }

  /** Phase 2 (files locked): each target still holds the text the edits were computed from. */
  private async verify({ path, display, change }: Target, token: string): Promise<PreparedFile> {
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
    if (text !== change.expectedText) throw fileChanged(display, 'its text differs from the text the edit was computed from');

    return {
      path,
      display,
      temp: tempPathFor(path, token),
      mode: stats.mode & 0o7777,
      original,
      replacement: concat(hasBom ? BOM : NO_BOM, utf8.encode(change.newText)),
    };
  }

  /** Phase 3, first step: the write-ahead journal, before anything reaches the workspace. */
  private async openJournal(root: string, files: readonly PreparedFile[]): Promise<OpenJournal> {
    try {
      return await this.journals.open(root, files);
    } catch (error) {
      throw journalUnavailable(error);
    }
  }

  /** Phase 3: the new bytes of one file, in its temp file, with the original's mode. */
  private async stage(file: PreparedFile): Promise<void> {
    try {
      await this.writeTemp(file, file.replacement);
    } catch (error) {
      throw writeFailed(`Cannot write "${file.display}" (temp file "${file.temp}"): ${describeError(error)}. Nothing was changed.`);
    }
  }

  /** Phase 3, last step: nobody (outside this process) wrote to a target while the temps were written. */
  private async recheck(files: readonly PreparedFile[]): Promise<void> {
    for (const file of files) {
      let now: Uint8Array;
      try {
        now = await this.fs.readFile(file.path);
      } catch (error) {
        throw fileChanged(file.display, `it can no longer be read (${describeError(error)})`);
      }
      if (!sameBytes(now, file.original)) throw fileChanged(file.display, 'it was modified while the edit was being written');
    }
  }

  /** Phase 4: every temp over its target; on a failure, every replaced target back as it was. */
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

  /** Creates the temp file; on failure no temp of ours is left behind. */
  private async writeTemp(file: PreparedFile, bytes: Uint8Array): Promise<void> {
    // `wx` creates the file exclusively: a file or symlink already at the (unique) name is
    // never followed or overwritten, and never removed, since it is not ours.
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
