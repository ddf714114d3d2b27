import { BridgeException, changedWhileWriting, overwrittenAfterWriting, replaceFailed, type Undone } from '@mcp-lsp-bridge/domain';
import { keepsEdit } from './edit-kept.js';
import { describeError, type FsOperations } from './fs-operations.js';
import { mayBeWrittenInPlace } from './in-place-write.js';
import { removeTemps, unlinkQuietly, writeTemp, type PreparedFile } from './staged-files.js';
import { sameBytes } from './utf8-bytes.js';

/**
 * The last phase of a write, with every target locked against other bridge processes: each
 * temp file renamed over its target right after the target is read once more and found to hold
 * the bytes the edit was computed from, so a program that does not take our lock (an editor
 * saving) has only the moment between that read and the rename to slip in. Then every target is
 * read back: what is on disk must be what was written, or hold it with another program's change
 * on top (`keepsEdit`). A target that changed before its turn, or whose edit another program
 * wrote over after it was replaced, undoes the write: each file this write replaced and that
 * still holds what it wrote gets its original bytes back; a file someone else wrote meanwhile is
 * left as they wrote it (restoring it would destroy their edit). Never answered as success.
 */
export async function replaceVerified(fs: FsOperations, files: readonly PreparedFile[]): Promise<void> {
  const replaced: PreparedFile[] = [];
  for (const [index, file] of files.entries()) {
    const now = await readOrUndefined(fs, file.path);
    if (now === undefined || !sameBytes(now, file.original)) {
      await removeTemps(fs, files.slice(index));
      const change = now === undefined ? 'unreadable-now' : 'modified-while-writing';
      throw new BridgeException(changedWhileWriting(file.display, change, await undo(fs, replaced)));
    }
    try {
      await fs.rename(file.temp, file.path);
    } catch (error) {
      await removeTemps(fs, files.slice(index));
      throw new BridgeException(replaceFailed(file.display, describeError(error), await undo(fs, replaced)));
    }
    replaced.push(file);
  }
  // Read back: another program may have written a file right after it was replaced.
  const overwritten: PreparedFile[] = [];
  let lost = false;
  for (const file of files) {
    const now = await readBack(fs, file);
    if (now !== undefined && sameBytes(now, file.replacement)) continue;
    overwritten.push(file);
    if (now === undefined || !keepsEdit(file.original, file.replacement, now)) lost = true;
  }
  // Each file holds the edit (some with that program's change besides): the write stands.
  if (!lost) return;
  const undone = await undo(
    fs,
    files.filter((file) => !overwritten.includes(file)),
  );
  throw new BridgeException(
    overwrittenAfterWriting(
      overwritten.map((file) => file.display),
      undone,
    ),
  );
}

/** Writes the original bytes back (temp + rename again) into each replaced file that still holds this write's bytes. */
async function undo(fs: FsOperations, replaced: readonly PreparedFile[]): Promise<Undone> {
  let restored = 0;
  const unrestored: string[] = [];
  const leftAlone: string[] = [];
  for (const file of replaced) {
    const now = await readOrUndefined(fs, file.path);
    if (now === undefined || !sameBytes(now, file.replacement)) {
      leftAlone.push(file.display);
      continue;
    }
    try {
      await writeTemp(fs, file, file.original);
      await fs.rename(file.temp, file.path);
      restored++;
    } catch (error) {
      await unlinkQuietly(fs, file.temp);
      unrestored.push(`${file.display} (${describeError(error)})`);
    }
  }
  return { restored, unrestored, leftAlone };
}

/** How long a file the read-back finds in the middle of a write in place (`mayBeWrittenInPlace`) is read again. */
const IN_PLACE_WRITE_MS = 50;

/**
 * A replaced file read back; one that may be in the middle of a write in place is read again for a
 * moment, so that what it then holds is judged, not the instant between: judged empty, the write
 * would be undone around that program's copy of the edit.
 */
async function readBack(fs: FsOperations, file: PreparedFile): Promise<Uint8Array | undefined> {
  let now = await readOrUndefined(fs, file.path);
  const until = Date.now() + IN_PLACE_WRITE_MS;
  while (mayBeWrittenInPlace(now, file.replacement.length) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    now = await readOrUndefined(fs, file.path);
  }
  return now;
}

async function readOrUndefined(fs: FsOperations, path: string): Promise<Uint8Array | undefined> {
  try {
    return await fs.readFile(path);
  } catch {
    return undefined;
  }
}
