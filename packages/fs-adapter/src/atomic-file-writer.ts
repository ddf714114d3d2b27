import {
  BridgeException,
  displayPath,
  isDependencyPath,
  isInsideRoot,
  journalUnavailable,
  lockUnavailable,
  notUtf8,
  oneFileTwoNames,
  rootUnresolvable,
  stagingFailed,
  targetChanged,
  targetUnreadable,
  writeIntoDependency,
  writeOutsideWorkspace,
  type FileChange,
  type FileWriter,
  type Signal,
} from '@mcp-lsp-bridge/domain';
import { userLocks, type CrossProcessLocks } from './cross-process-locks.js';
import { processFileLocks, type FileLocks } from './file-locks.js';
import { describeError, isMissing, nodeFsOperations, type FsOperations } from './fs-operations.js';
import { recoverInterruptedWrites, type RecoveryReport } from './recover-writes.js';
import { replaceVerified } from './replace-files.js';
import { removeTemps, writeTemp, type PreparedFile } from './staged-files.js';
import { stateDirectories } from './state-directory.js';
import { newWriteToken, tempPathFor } from './temp-files.js';
import { BOM, NO_BOM, concat, startsWithBom } from './utf8-bytes.js';
import { processIsAlive, WriteJournals, type OpenJournal } from './write-journal.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8 = new TextEncoder();

/** A change whose target is resolved and known to be inside the workspace. */
interface Target {
  readonly path: string;
  /** The path as messages show it (relative to the workspace). */
  readonly display: string;
  readonly change: FileChange;
}

export interface AtomicFileWriterOptions {
  /** Where the write journals may live, in order of preference; default `stateDirectories(process.env)`. */
  readonly stateDirectories?: readonly string[];
  /** Whether a process is alive: the journals of dead ones are recovered. */
  readonly isAlive?: (pid: number) => boolean;
  /** The files held by writes in progress; default: the one set every writer of the process shares. */
  readonly locks?: FileLocks;
  /** The same, across the processes of this user; default: the lock directory every bridge process uses. */
  readonly sharedLocks?: CrossProcessLocks;
}

/**
 * The domain's `FileWriter`: every file or none, even across a crash.
 *
 * 1. Resolve every target (inside the workspace, not a dependency), then lock them, in this
 *    process and across the user's processes (`cross-process-locks.ts`): a write sharing a file
 *    with this one, by any bridge, waits, and then sees this one's result.
 * 2. Verify each target still holds the text the edits were computed from.
 * 3. Journal the write (the original bytes, outside the workspace), stage each new content
 *    in a temp file of its own (`.<name>.<pid>-<random>.lsp-bridge.tmp`).
 * 4. Rename each temp over its target right after checking the target once more, then check
 *    that the disk holds what was written (`replace-files.ts`). A failed rename or a target
 *    another program changed undoes the files already replaced; a process killed here leaves
 *    a journal that the next start rolls back.
 *
 * The signal is obeyed until step 4; a write in step 4 is finished (or undone), never cut
 * short, and `drain()` waits for it.
 */
export class AtomicFileWriter implements FileWriter {
  private readonly fs: FsOperations;
  private readonly journals: WriteJournals;
  private readonly locks: FileLocks;
  private readonly sharedLocks: CrossProcessLocks;
  private readonly isAlive: (pid: number) => boolean;
  private readonly inFlight = new Set<Promise<unknown>>();
  private recovery: Promise<RecoveryReport> | undefined;

  constructor(operations: Partial<FsOperations> = {}, options: AtomicFileWriterOptions = {}) {
    this.fs = { ...nodeFsOperations, ...operations };
    this.journals = new WriteJournals(this.fs, options.stateDirectories ?? stateDirectories(process.env));
    this.locks = options.locks ?? processFileLocks;
    this.sharedLocks = options.sharedLocks ?? userLocks;
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
      const target = await this.resolve(root, change, targets);
      if (target) targets.push(target);
    }
    // A failed recovery is logged by the composition; the journal of this write fails on its own if the cause remains.
    await this.recoverInterruptedWrites().catch(() => undefined);
    const paths = targets.map((target) => target.path);
    const release = await this.locks.acquire(paths, signal);
    try {
      const shared = await this.sharedLocks.acquire(paths, signal).catch((error: unknown) => {
        throw signal.aborted ? error : new BridgeException(lockUnavailable(describeError(error)));
      });
      try {
        // A process that died holding these files may have replaced some of them: put that right before checking them.
        if (shared.tookOverDead) await this.journals.writesDirectory().then((dir) => recoverInterruptedWrites(this.fs, dir, this.isAlive));
        await this.writeLocked(root, targets, signal);
      } finally {
        await shared.release();
      }
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
    } catch (error) {
      await removeTemps(this.fs, staged);
      await journal.close();
      throw error;
    }
    try {
      await replaceVerified(this.fs, files);
    } finally {
      await journal.close();
    }
  }

  private async realRoot(workspaceRoot: string): Promise<string> {
    try {
      return await this.fs.realpath(workspaceRoot);
    } catch (error) {
      throw new BridgeException(rootUnresolvable(workspaceRoot, describeError(error)));
    }
  }

  /**
   * Phase 1: refuses anything outside the workspace. A file a project reaches by two names (a
   * link) can come with one change per name: the same change is written once (undefined here).
   */
  private async resolve(root: string, change: FileChange, earlier: readonly Target[]): Promise<Target | undefined> {
    let path: string;
    try {
      path = await this.fs.realpath(change.path);
    } catch (error) {
      if (isMissing(error)) throw new BridgeException(targetChanged(displayPath(root, change.path), 'gone'));
      throw new BridgeException(targetUnreadable(displayPath(root, change.path), 'resolve', describeError(error)));
    }
    if (!isInsideRoot(root, path)) {
      throw new BridgeException(writeOutsideWorkspace(change.path, path, root));
    }
    const display = displayPath(root, path);
    if (isDependencyPath(root, path)) {
      throw new BridgeException(writeIntoDependency(display));
    }
    const same = earlier.find((target) => target.path === path);
    if (same) {
      if (same.change.expectedText === change.expectedText && same.change.newText === change.newText) return undefined;
      throw new BridgeException(oneFileTwoNames(displayPath(root, same.change.path), displayPath(root, change.path)));
    }
    return { path, display, change };
  }

  /** Phase 2 (files locked): each target still holds the text the edits were computed from. */
  private async verify({ path, display, change }: Target, token: string): Promise<PreparedFile> {
    const stats = await readOrRefuse(display, () => this.fs.stat(path));
    if (!stats.isFile()) throw new BridgeException(targetChanged(display, 'not-a-file'));
    const original = await readOrRefuse(display, () => this.fs.readFile(path));

    const hasBom = startsWithBom(original);
    let text: string;
    try {
      text = strictUtf8.decode(hasBom ? original.subarray(BOM.length) : original);
    } catch {
      throw new BridgeException(notUtf8(display));
    }
    if (text !== change.expectedText) throw new BridgeException(targetChanged(display, 'text-differs'));

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
      throw new BridgeException(journalUnavailable(describeError(error)));
    }
  }

  /** Phase 3: the new bytes of one file, in its temp file, with the original's mode. */
  private async stage(file: PreparedFile): Promise<void> {
    try {
      await writeTemp(this.fs, file, file.replacement);
    } catch (error) {
      throw new BridgeException(stagingFailed(file.display, file.temp, describeError(error)));
    }
  }
}

/** Runs a read of phase 1, turning an OS error into a refusal. */
async function readOrRefuse<T>(display: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isMissing(error)) throw new BridgeException(targetChanged(display, 'gone'));
    throw new BridgeException(targetUnreadable(display, 'read', describeError(error)));
  }
}
