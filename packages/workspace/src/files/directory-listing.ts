import fs from 'node:fs';
import path from 'node:path';

/**
 * Directories no listing walks into: dependencies and dot-directories (`.git`, `.nx`, `.turbo`,
 * `.vscode`, …). This is the rule TypeScript applies to a wildcard `include`: it never matches
 * a dot-directory or a package folder, so nothing skipped here can be a project file of a
 * config that lists its files by wildcard. (Chosen over a fixed list of tool folders: that list walked `.vscode` and
 * `.github`, and skipped `dist-types`, whose declaration files a wildcard does include.)
 */
export function isSkippedDirectory(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules' || name === 'bower_components' || name === 'jspm_packages';
}

/** One directory's entries that a walk goes on with: file names and subdirectory names, sorted. */
export interface DirectoryListing {
  readonly files: string[];
  readonly dirs: string[];
}

/**
 * Reads one directory. Symlink policy: a symlinked file counts (TypeScript's own directory
 * reading counts it, so it is in a config's file list, and a change to its target must be
 * seen); a symlinked directory is not followed (cycles, pnpm's store). An unreadable
 * directory lists as empty.
 */
export function readDirectoryListing(dir: string): DirectoryListing {
  const files: string[] = [];
  const dirs: string[] = [];
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return { files, dirs };
  }
  for (const entry of entries) {
    if (entry.isFile()) files.push(entry.name);
    else if (entry.isDirectory()) {
      if (!isSkippedDirectory(entry.name)) dirs.push(entry.name);
    } else if (entry.isSymbolicLink() && isFileBehindLink(path.join(dir, entry.name))) {
      files.push(entry.name);
    }
  }
  files.sort();
  dirs.sort();
  return { files, dirs };
}

function isFileBehindLink(link: string): boolean {
  try {
    return fs.statSync(link).isFile();
  } catch {
    return false; // A dangling link is no file.
  }
}
