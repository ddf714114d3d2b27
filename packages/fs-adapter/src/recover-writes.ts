import { basename, dirname, join } from 'node:path';
import { describeError, errnoCode, isMissing, type FsOperations } from './fs-operations.js';
import { TEMP_SUFFIX } from './temp-files.js';
import {
  JOURNAL_FILE,
  journalOwner,
  ownJournalName,
  removeJournalDirectory,
  sha256,
  type JournalEntry,
  type JournalRecord,
} from './write-journal.js';

/** What a recovery pass did, for the log. */
export interface RecoveryReport {
  /** Interrupted writes found (journals of processes that died). */
  readonly interrupted: number;
  /** Files put back to their content before an interrupted write. */
  readonly restored: readonly string[];
  /** Writes that had replaced every file before their process died: kept as they are. */
  readonly completed: number;
  /** What could not be put right, with the reason (a file edited since, an unreadable backup). */
  readonly problems: readonly string[];
}

const NOTHING: RecoveryReport = { interrupted: 0, restored: [], completed: 0, problems: [] };

/**
 * Puts right the writes of processes that died mid-write (SIGKILL, a crash, a power cut
 * aside): every temp file they staged is removed, and a write that had replaced only part
 * of its files is rolled back from the backups, so the workspace holds all of it or none of
 * it. A write whose every file was already replaced is kept. A file that holds neither the
 * old nor the new bytes was edited since, and is left alone (reported). Journals of live
 * processes are not touched; cheap when there is nothing to do (one directory listing).
 */
export async function recoverInterruptedWrites(
  fs: FsOperations,
  writesDirectory: string,
  isAlive: (pid: number) => boolean,
): Promise<RecoveryReport> {
  let names: string[];
  try {
    names = await fs.readdir(writesDirectory);
  } catch (error) {
    if (isMissing(error)) return NOTHING;
    throw error;
  }
  let interrupted = 0;
  let completed = 0;
  const restored: string[] = [];
  const problems: string[] = [];
  for (const name of names) {
    if (journalOwner(name, isAlive) !== 'dead') continue;
    // Claimed by renaming it to a name of this process: of two processes starting together,
    // one wins the rename and the other moves on. A claimer that dies leaves a dead owner again.
    const dir = join(writesDirectory, ownJournalName());
    try {
      await fs.rename(join(writesDirectory, name), dir);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') continue;
      throw error;
    }
    let record: JournalRecord | undefined;
    try {
      record = await readJournal(fs, dir);
    } catch (error) {
      // Left in place (with its backups) for a person to look at; reported at every start.
      problems.push(`${dir}: unreadable journal (${describeError(error)})`);
      continue;
    }
    if (record !== undefined) {
      interrupted++;
      const outcome = await undo(fs, dir, record);
      if (outcome.completed) completed++;
      restored.push(...outcome.restored);
      problems.push(...outcome.problems);
    }
    // Without a journal file, the write died before staging anything: only backups to delete.
    await removeJournalDirectory(fs, dir);
  }
  return { interrupted, restored, completed, problems };
}

async function readJournal(fs: FsOperations, dir: string): Promise<JournalRecord | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(join(dir, JOURNAL_FILE));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  const record = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  if (!isJournalRecord(record)) throw new Error('not a journal of this version');
  return record;
}

function isJournalRecord(value: unknown): value is JournalRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { version, files } = value as { version?: unknown; files?: unknown };
  return version === 1 && Array.isArray(files);
}

interface Undone {
  readonly completed: boolean;
  readonly restored: readonly string[];
  readonly problems: readonly string[];
}

async function undo(fs: FsOperations, dir: string, record: JournalRecord): Promise<Undone> {
  const now = new Map<JournalEntry, string | undefined>();
  const odd = record.files.find((entry) => !isTempOf(entry));
  if (odd !== undefined) return { completed: false, restored: [], problems: [`${dir}: names "${odd.temp}", not a temp file of ours`] };
  for (const entry of record.files) {
    await removeQuietly(fs, entry.temp);
    now.set(entry, await hashOf(fs, entry.target));
  }
  if (record.files.every((entry) => now.get(entry) === entry.replacementSha256)) return { completed: true, restored: [], problems: [] };

  const restored: string[] = [];
  const problems: string[] = [];
  for (const entry of record.files) {
    const hash = now.get(entry);
    if (hash === entry.originalSha256) continue;
    if (hash !== entry.replacementSha256) {
      problems.push(
        `${entry.target}: changed since the interrupted write (${hash === undefined ? 'missing' : 'other content'}); left as it is`,
      );
      continue;
    }
    try {
      const original = await fs.readFile(join(dir, entry.backup));
      if (sha256(original) !== entry.originalSha256) throw new Error('its backup is damaged');
      // Back through a temp file and a rename, like any write: the target is never half-written.
      await fs.writeFile(entry.temp, original, { flag: 'wx', mode: 0o600 });
      await fs.chmod(entry.temp, entry.mode);
      await fs.rename(entry.temp, entry.target);
      restored.push(entry.target);
    } catch (error) {
      await removeQuietly(fs, entry.temp);
      problems.push(`${entry.target}: could not be restored (${describeError(error)}); it holds the new text`);
    }
  }
  return { completed: false, restored, problems };
}

/** A journal only ever names temp files of ours beside their targets; anything else is not deleted. */
function isTempOf(entry: JournalEntry): boolean {
  return dirname(entry.temp) === dirname(entry.target) && basename(entry.temp).endsWith(TEMP_SUFFIX);
}

async function hashOf(fs: FsOperations, path: string): Promise<string | undefined> {
  try {
    return sha256(await fs.readFile(path));
  } catch {
    return undefined;
  }
}

async function removeQuietly(fs: FsOperations, path: string): Promise<void> {
  try {
    await fs.unlink(path);
  } catch {
    // Not there (the usual case: it was renamed over its target), or not ours to remove.
  }
}
