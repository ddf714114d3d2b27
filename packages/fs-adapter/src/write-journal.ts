import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { errnoCode, type FsOperations } from './fs-operations.js';
import { openStateDirectory } from './state-directory.js';

/**
 * The write-ahead journal of the writer: before a write stages anything in the workspace,
 * `<state dir>/writes/<pid>.<process start>.<random>/` holds a copy of each target's original
 * bytes (`0.orig`, `1.orig`, …) and then `journal.json` naming every target, its temp file and
 * the SHA-256 of its old and new bytes. The directory is removed when the write has finished
 * or been undone. One left behind by a process that died is what `recoverInterruptedWrites`
 * puts right.
 */

export const WRITES_DIR = 'writes';
export const JOURNAL_FILE = 'journal.json';

/** One target of a journaled write. */
export interface JournalEntry {
  /** Real absolute path of the file the write replaces. */
  readonly target: string;
  /** The temp file the write stages the new bytes in (beside the target). */
  readonly temp: string;
  /** Name of the copy of the original bytes, in the journal's directory. */
  readonly backup: string;
  readonly mode: number;
  readonly originalSha256: string;
  readonly replacementSha256: string;
}

export interface JournalRecord {
  readonly version: 1;
  readonly pid: number;
  readonly workspaceRoot: string;
  readonly files: readonly JournalEntry[];
}

export interface JournaledFile {
  readonly path: string;
  readonly temp: string;
  readonly mode: number;
  readonly original: Uint8Array;
  readonly replacement: Uint8Array;
}

/**
 * This process, as journal directory names record it: its pid and when it started (epoch
 * seconds). The start time tells this process (any bridge or worker thread of it) apart from
 * an earlier process that had the same pid, as containers reuse small pids.
 */
const STARTED = Math.round((Date.now() - process.uptime() * 1000) / 1000);
const NAME = /^(\d+)\.(\d+)\.[0-9a-f]+$/;
/** Two readings of one process's start time differ by clock adjustments at most. */
const SAME_START_SECONDS = 5;

/** A new journal directory name owned by this process: `<pid>.<started>.<random>`. */
export function ownJournalName(): string {
  return `${process.pid}.${STARTED}.${randomBytes(6).toString('hex')}`;
}

/** Who owns a journal directory: this process, another live one, or nobody any more. */
export function journalOwner(name: string, isAlive: (pid: number) => boolean): 'this process' | 'alive' | 'dead' | 'not a journal' {
  const match = NAME.exec(name);
  if (match === null) return 'not a journal';
  const pid = Number(match[1]);
  if (pid === process.pid) {
    // Our pid: ours if it started when we did, else a dead process whose pid we were given.
    return Math.abs(Number(match[2]) - STARTED) <= SAME_START_SECONDS ? 'this process' : 'dead';
  }
  return isAlive(pid) ? 'alive' : 'dead';
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return errnoCode(error) === 'EPERM';
  }
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Where this process keeps journals; the directory is found (and created) on first use. */
export class WriteJournals {
  private directory: Promise<string> | undefined;

  constructor(
    private readonly fs: FsOperations,
    private readonly stateDirectories: readonly string[],
  ) {}

  /** `<state dir>/writes`, created 0700. Rejects with an `Error` when no state directory is usable. */
  writesDirectory(): Promise<string> {
    this.directory ??= openStateDirectory(this.fs, this.stateDirectories).then(async (state) => {
      const writes = join(state, WRITES_DIR);
      await this.fs.mkdir(writes, { recursive: true, mode: 0o700 });
      return writes;
    });
    // A failure is not remembered: the next write tries again (the disk may have been fixed).
    this.directory.catch(() => (this.directory = undefined));
    return this.directory;
  }

  /**
   * Records a write before anything of it reaches the workspace: the backups first, the
   * journal file last (written beside and renamed into place, so it is whole or absent).
   */
  async open(workspaceRoot: string, files: readonly JournaledFile[]): Promise<OpenJournal> {
    const dir = join(await this.writesDirectory(), ownJournalName());
    await this.fs.mkdir(dir, { recursive: false, mode: 0o700 });
    const journal = new OpenJournal(this.fs, dir);
    try {
      const entries: JournalEntry[] = [];
      for (const [index, file] of files.entries()) {
        const backup = `${index}.orig`;
        await this.fs.writeFile(join(dir, backup), file.original, { flag: 'wx', mode: 0o600 });
        entries.push({
          target: file.path,
          temp: file.temp,
          backup,
          mode: file.mode,
          originalSha256: sha256(file.original),
          replacementSha256: sha256(file.replacement),
        });
      }
      const record: JournalRecord = { version: 1, pid: process.pid, workspaceRoot, files: entries };
      const staging = join(dir, `${JOURNAL_FILE}.new`);
      await this.fs.writeFile(staging, new TextEncoder().encode(JSON.stringify(record, null, 2)), { flag: 'wx', mode: 0o600 });
      await this.fs.rename(staging, join(dir, JOURNAL_FILE));
    } catch (error) {
      await journal.close();
      throw error;
    }
    return journal;
  }
}

/** A journal of a write in progress; `close` when the write is finished or undone. */
export class OpenJournal {
  constructor(
    private readonly fs: FsOperations,
    readonly directory: string,
  ) {}

  /**
   * Removes the journal: its journal file first (from then on a crash leaves only a
   * directory of backups, which recovery deletes), then the rest. Never throws: a journal
   * left behind is harmless, since recovery finds its write finished or undone.
   */
  async close(): Promise<void> {
    await removeJournalDirectory(this.fs, this.directory);
  }
}

export async function removeJournalDirectory(fs: FsOperations, dir: string): Promise<void> {
  try {
    await unlinkIfPresent(fs, join(dir, JOURNAL_FILE));
    for (const name of await fs.readdir(dir)) await unlinkIfPresent(fs, join(dir, name));
    await fs.rmdir(dir);
  } catch {
    // See above: left for the next recovery pass.
  }
}

async function unlinkIfPresent(fs: FsOperations, path: string): Promise<void> {
  try {
    await fs.unlink(path);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
}
