import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BridgeException, MAX_WORKSPACE_DIRECTORIES, workspaceTooLarge } from '@mcp-lsp-bridge/domain';
import { sameStat, statOf, type StatSignature } from './source-files.js';

/** A file whose mtime is this close to when we looked may change again without its stat changing. */
export const RACY_WINDOW_MS = 2000;

export type FileChangeKind = 'created' | 'changed' | 'deleted';

export interface FileChange {
  readonly path: string;
  readonly kind: FileChangeKind;
}

interface FileEntry {
  stat: StatSignature;
  observedAt: number;
  /** Content digest, kept while the file is racy. */
  digest: string | undefined;
}

interface DirEntry {
  stat: StatSignature;
  observedAt: number;
  files: string[];
  dirs: string[];
}

/** Directories never walked: dependencies, VCS and tool state. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.hg', '.svn', '.nx', '.turbo', '.cache', 'dist-types']);

/**
 * The files under a workspace root as last seen, and what changed since: a directory is
 * listed again only when its stat changed (or it is racy), every known file is stat'ed, and
 * racy files are compared by content (as git does for its index). Symlinks and dependency
 * folders are not followed: they are not the workspace's own sources.
 */
export class WorkspaceFiles {
  private readonly files = new Map<string, FileEntry>();
  private readonly dirs = new Map<string, DirEntry>();
  /** Bumped whenever a file appears or disappears. */
  revision = 0;

  constructor(
    readonly root: string,
    private readonly maxDirectories = MAX_WORKSPACE_DIRECTORIES,
  ) {}

  /** Every known file (after the last scan), sorted. */
  list(): string[] {
    return [...this.files.keys()].sort();
  }

  /** Looks at the disk and returns what changed since the previous scan (nothing on the first). */
  scan(): FileChange[] {
    const first = this.dirs.size === 0 && this.files.size === 0;
    const now = Date.now();
    const seenFiles = new Set<string>();
    const seenDirs = new Set<string>();
    const changes: FileChange[] = [];
    const walk = (dir: string): void => {
      const stat = statOf(dir);
      if (stat?.kind !== 'directory') return;
      seenDirs.add(dir);
      if (seenDirs.size > this.maxDirectories) throw new BridgeException(workspaceTooLarge(this.root, this.maxDirectories));
      let entry = this.dirs.get(dir);
      if (entry === undefined || !sameStat(entry.stat, stat) || isRacy(stat, entry.observedAt)) {
        entry = { stat, observedAt: now, ...listDir(dir) };
        this.dirs.set(dir, entry);
      }
      for (const file of entry.files) seenFiles.add(file);
      for (const child of entry.dirs) walk(child);
    };
    walk(this.root);
    for (const dir of [...this.dirs.keys()]) if (!seenDirs.has(dir)) this.dirs.delete(dir);

    for (const file of seenFiles) {
      const stat = statOf(file);
      if (stat?.kind !== 'file') continue;
      const entry = this.files.get(file);
      if (entry === undefined) {
        this.files.set(file, { stat, observedAt: now, digest: isRacy(stat, now) ? digestOf(file) : undefined });
        if (!first) changes.push({ path: file, kind: 'created' });
        continue;
      }
      const statChanged = !sameStat(entry.stat, stat);
      if (!statChanged && !isRacy(entry.stat, entry.observedAt)) {
        entry.digest = undefined;
        continue;
      }
      const digest = digestOf(file);
      const contentChanged = statChanged || entry.digest === undefined || entry.digest !== digest;
      entry.stat = stat;
      entry.observedAt = now;
      entry.digest = isRacy(stat, now) ? digest : undefined;
      if (contentChanged) changes.push({ path: file, kind: 'changed' });
    }
    for (const file of [...this.files.keys()]) {
      if (seenFiles.has(file) && statOf(file)?.kind === 'file') continue;
      this.files.delete(file);
      changes.push({ path: file, kind: 'deleted' });
    }
    if (changes.some((c) => c.kind !== 'changed')) this.revision++;
    return changes;
  }
}

function isRacy(stat: StatSignature, observedAt: number): boolean {
  return Math.max(stat.mtimeMs, stat.ctimeMs) >= observedAt - RACY_WINDOW_MS;
}

function listDir(dir: string): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return { files, dirs };
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) dirs.push(full);
    } else if (entry.isFile()) {
      files.push(full);
    }
  }
  return { files, dirs };
}

function digestOf(file: string): string | undefined {
  try {
    return createHash('sha1').update(fs.readFileSync(file)).digest('base64');
  } catch {
    return undefined;
  }
}
