import { fileFaultReason, type FileFault } from '@mcp-lsp-bridge/domain';
import { mayBeWrittenInPlace, statOf, sameStat, type StatSignature } from '@mcp-lsp-bridge/fs-adapter';
import fs from 'node:fs';
import path from 'node:path';
import type { WatchItem } from '../watch/change-journal.js';
import type { WorkspaceWatch } from '../watch/workspace-watch.js';
import { contentDigest } from './content-digest.js';
import { PathIndex } from './path-index.js';
import { isRacy } from './racy-window.js';
import { readSourceFile, type SourceRead } from './source-read.js';

interface Entry {
  /** The call in which `stat` and `text` were last verified against the disk. */
  generation: number;
  /** The last call that asked (what the idle sweep goes by). */
  used: number;
  /** The watcher reports any change of this path: until it does, no call needs to look at the disk. */
  trusted: boolean;
  /** The watcher reported a change: read the file again even if its stat looks the same. */
  reread: boolean;
  stat: StatSignature | undefined;
  /** When `stat` and `text` were last verified against the disk (taken before the stat). */
  observedAt: number;
  version: string | undefined;
  text: string | undefined;
  /** Stands in for `text` once an idle text was swept, so a re-read can still keep the version. */
  digest: string | undefined;
  failure: string | undefined;
  /** A content found unusable (see `markUnusable`): while the file holds it, it is a failure. */
  unusable: { readonly digest: string; readonly reason: string } | undefined;
}

/** Entries untouched for this many calls lose their text (kept by version) or, when there is no file, go. */
const IDLE_CALLS = 500;

/**
 * What both backends read source texts through: per path, a content version and the text
 * (BOM stripped), or why the file cannot be used (binary, too large, unreadable). A path the
 * watcher covers is verified once and then trusted until the watcher reports a change of it
 * (or above it), which makes it read again; any other path is stat'ed at most once per port
 * call ("generation"), and read again only when its stat changed or it is racy. A rewrite
 * with the same text keeps its version.
 */
export class FileStore {
  private readonly entries = new Map<string, Entry>();
  private readonly index = new PathIndex();
  private readonly realPaths = new Map<string, { generation: number; real: string }>();
  private generation = 0;
  private nextVersion = 1;
  /** Files emptied just now (see `inFlux`), as a tree so a root's are found without a scan. */
  private readonly emptied = new PathIndex();
  /** Directories whose files never change while we run (a compiler's own lib files): stat'ed once. */
  private readonly stableDirs: string[] = [];

  constructor(
    private readonly maxFileBytes: number,
    /** What says which paths changed; without it every path is stat'ed once per call. */
    readonly watch?: WorkspaceWatch,
  ) {}

  /**
   * Starts a port call: from now on every path is checked against the disk again, except the
   * trusted ones that `changes` (what the watcher reported since the last call) leave alone.
   */
  beginCall(changes: readonly WatchItem[] = []): void {
    for (const change of changes) {
      if (!change.entry) this.distrust(this.entries.get(change.path));
      else for (const file of this.index.under(change.path)) this.distrust(this.entries.get(file));
    }
    this.generation++;
    if (this.generation % IDLE_CALLS === 0) this.sweep();
  }

  get currentGeneration(): number {
    return this.generation;
  }

  /**
   * Files under `dir` never change while the process runs (TypeScript's lib files: lib.dom.d.ts
   * is 1.5 MB): each is stat'ed and read once, and never subject to the size limit.
   */
  markStable(dir: string): void {
    const prefix = dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`;
    if (!this.stableDirs.includes(prefix)) this.stableDirs.push(prefix);
  }

  private isStable(file: string): boolean {
    return this.stableDirs.some((prefix) => file.startsWith(prefix));
  }

  stat(file: string): StatSignature | undefined {
    return this.checked(file).stat;
  }

  fileExists(file: string): boolean {
    return this.checked(file).stat?.kind === 'file';
  }

  directoryExists(dir: string): boolean {
    return this.checked(dir).stat?.kind === 'directory';
  }

  /** The version of the file's content; `undefined` when there is no file. */
  version(file: string): string | undefined {
    return this.checked(file).version;
  }

  /** The text, or `undefined` when missing or unusable (binary, too large, unreadable). */
  text(file: string): string | undefined {
    const entry = this.checked(file);
    return entry.failure === undefined ? entry.text : undefined;
  }

  /**
   * The files under `root` found empty just after they held text, and still empty now: they may
   * be in the middle of a write in place (`mayBeWrittenInPlace`), so their emptiness is no state
   * to plan an edit of the workspace on. `root` is a directory as paths are spelled here
   * (absolute, normalized, no trailing separator).
   */
  inFlux(root: string): string[] {
    // Collected first: checking a file again may take it out of `emptied`.
    return [...this.emptied.under(root)].filter((file) => this.checked(file).text === '' && this.emptied.has(file));
  }

  /** Why an existing file cannot be used as source text. */
  failure(file: string): string | undefined {
    return this.checked(file).failure;
  }

  /** What a compiler or server is shown: an unusable file is served empty so the program still has it. */
  compilerText(file: string): string | undefined {
    const entry = this.checked(file);
    if (entry.stat?.kind !== 'file') return undefined;
    return entry.failure === undefined ? entry.text : '';
  }

  /**
   * Records that `file`'s current text (`text`, if it still is) cannot be used (a parser ran out of stack on it): from
   * now on it is a failure served empty, like a binary file, until its content changes on disk.
   * Its version changes, so a service that holds the text drops it.
   */
  markUnusable(file: string, text: string, fault: FileFault): void {
    const entry = this.checked(file);
    if (entry.stat?.kind !== 'file' || entry.failure !== undefined || entry.text !== text) return;
    const reason = fileFaultReason(fault);
    entry.unusable = { digest: contentDigest(text), reason };
    entry.failure = reason;
    entry.text = undefined;
    entry.digest = undefined;
    entry.version = `v${this.nextVersion++}`;
  }

  /**
   * Makes the next question about `file` look at the disk again, even within this call: for
   * a caller that saw it change (calls that overlap share a generation).
   */
  recheck(file: string): void {
    const entry = this.entries.get(file);
    if (entry === undefined) return;
    entry.generation = -1;
    entry.trusted = false;
  }

  /** Whether the watcher reports every change of `file` (or it never changes): no call needs to stat it. */
  isWatched(file: string): boolean {
    const entry = this.entries.get(file);
    return entry !== undefined && (entry.trusted || (entry.stat !== undefined && this.isStable(file)));
  }

  realpath(file: string): string {
    // A watched path is real: every directory from the root down was tracked as no link, and it is none.
    if (this.entries.get(file)?.trusted === true) return file;
    const cached = this.realPaths.get(file);
    if (cached !== undefined && cached.generation === this.generation) return cached.real;
    let real = file;
    try {
      real = fs.realpathSync.native(file);
    } catch {
      // Missing paths keep their name, as ts.sys.realpath does.
    }
    this.realPaths.set(file, { generation: this.generation, real });
    return real;
  }

  /**
   * Bounds memory in a long-running server: idle texts are dropped but versions kept, so a
   * program that still holds the file is not disturbed; the text is read again on demand.
   */
  private sweep(): void {
    const idleBefore = this.generation - IDLE_CALLS;
    for (const [file, entry] of this.entries) {
      if (entry.used >= idleBefore || this.isStable(file)) continue;
      if (entry.stat?.kind !== 'file') {
        this.entries.delete(file);
        this.index.delete(file);
        this.emptied.delete(file);
      } else if (entry.text !== undefined) {
        entry.digest = contentDigest(entry.text);
        entry.text = undefined;
      }
    }
    for (const [file, cached] of this.realPaths) if (cached.generation < idleBefore) this.realPaths.delete(file);
  }

  private distrust(entry: Entry | undefined): void {
    if (entry === undefined) return;
    entry.trusted = false;
    entry.reread = true;
    entry.generation = -1;
  }

  /** The entry of `file`, checked against the disk once in this generation (or trusted while the watcher is silent about it). */
  private checked(file: string): Entry {
    let entry = this.entries.get(file);
    if (entry !== undefined) {
      entry.used = this.generation;
      if (entry.generation === this.generation || (entry.stat !== undefined && this.isStable(file))) return entry;
      // A trusted file whose idle text was swept is read again (its version kept by digest).
      const complete = entry.stat?.kind !== 'file' || entry.text !== undefined || entry.failure !== undefined;
      if (entry.trusted && complete) return entry;
    } else {
      entry = {
        generation: 0,
        used: this.generation,
        trusted: false,
        reread: false,
        stat: undefined,
        observedAt: 0,
        version: undefined,
        text: undefined,
        digest: undefined,
        failure: undefined,
        unusable: undefined,
      };
      this.entries.set(file, entry);
      this.index.add(file);
    }
    entry.generation = this.generation;
    // Asked before looking: a change after this point is reported, so what is read now can be trusted.
    entry.trusted = this.watch?.covers(file) === true;
    const reread = entry.reread;
    entry.reread = false;
    const now = Date.now();
    const stat = statOf(file);
    const previous = entry.stat;
    entry.stat = stat;
    // Missing, and its nearest existing directory is watched: its creation (or that of a
    // directory on the way) will be reported, so the absence is trusted too (a probe for a
    // `node_modules/typescript` that is not there costs nothing until one is installed).
    if (stat === undefined && !entry.trusted) entry.trusted = this.watch?.coversAbsent(file) === true;
    if (stat?.kind !== 'file') {
      this.emptied.delete(file);
      entry.version = undefined;
      entry.text = undefined;
      entry.digest = undefined;
      entry.failure = undefined;
      entry.observedAt = now;
      return entry;
    }
    const racy = previous !== undefined && isRacy(previous, entry.observedAt);
    const unchanged = entry.version !== undefined && previous !== undefined && sameStat(previous, stat) && !racy && !reread;
    if (unchanged && (entry.text !== undefined || entry.failure !== undefined)) return entry;
    const limit = this.isStable(file) ? Number.POSITIVE_INFINITY : this.maxFileBytes;
    const loaded = this.stillUsable(entry, readSourceFile(file, stat.size, limit, this.maxFileBytes));
    // A file that may be in the middle of a write in place, and was written just now: looked at
    // again by the next call, whatever the watcher says.
    if (mayBeWrittenInPlace(loaded.text, previous?.size ?? 0) && isRacy(stat, now)) {
      this.emptied.add(file);
      entry.trusted = false;
    } else this.emptied.delete(file);
    entry.observedAt = now;
    if (entry.version === undefined || !sameContent(entry, loaded)) entry.version = `v${this.nextVersion++}`;
    entry.text = loaded.text;
    entry.failure = loaded.failure;
    entry.digest = undefined;
    return entry;
  }

  /** A read of a content marked unusable is that failure again; any other content clears the mark. */
  private stillUsable(entry: Entry, loaded: SourceRead): SourceRead {
    const mark = entry.unusable;
    if (mark === undefined) return loaded;
    if (loaded.text !== undefined && contentDigest(loaded.text) === mark.digest) return { failure: mark.reason };
    entry.unusable = undefined;
    return loaded;
  }
}

function sameContent(entry: Entry, loaded: SourceRead): boolean {
  if (loaded.failure !== undefined || entry.failure !== undefined) return loaded.failure === entry.failure;
  if (entry.text !== undefined) return entry.text === loaded.text;
  return entry.digest !== undefined && entry.digest === contentDigest(loaded.text);
}
