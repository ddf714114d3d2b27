import * as fsp from 'node:fs/promises';

/** The low-level calls the adapters make; injectable so tests can make one of them fail. */
export interface FsOperations {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array, options: { readonly flag: string; readonly mode: number }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  realpath(path: string): Promise<string>;
  stat(path: string): Promise<{ readonly mode: number; isFile(): boolean; isDirectory(): boolean }>;
  chmod(path: string, mode: number): Promise<void>;
  mkdir(path: string, options: { readonly recursive: boolean; readonly mode: number }): Promise<void>;
  lstat(path: string): Promise<{ readonly mode: number; readonly uid: number; isFile(): boolean; isDirectory(): boolean }>;
  readdir(path: string): Promise<string[]>;
  rmdir(path: string): Promise<void>;
}

export const nodeFsOperations: FsOperations = {
  readFile: (path) => fsp.readFile(path),
  writeFile: (path, data, options) => fsp.writeFile(path, data, options),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (path) => fsp.unlink(path),
  realpath: (path) => fsp.realpath(path),
  stat: (path) => fsp.stat(path),
  chmod: (path, mode) => fsp.chmod(path, mode),
  mkdir: async (path, options) => {
    await fsp.mkdir(path, options);
  },
  lstat: (path) => fsp.lstat(path),
  readdir: (path) => fsp.readdir(path),
  rmdir: (path) => fsp.rmdir(path),
};

/** The `code` of a Node system error (`ENOENT`, …), if it has one. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Codes meaning "nothing usable is at this path". */
export function isMissing(error: unknown): boolean {
  const code = errnoCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Node ends an errno message with the call and the whole path ("ENAMETOOLONG: name too long, stat '/…'"); every
  // caller names the path itself, briefly, so a 200 KB path is not echoed back in full.
  const syscall = (error as NodeJS.ErrnoException).syscall;
  const at = typeof syscall === 'string' ? error.message.indexOf(`, ${syscall} `) : -1;
  return at > 0 ? `${error.message.slice(0, at)} (${String(syscall)})` : error.message;
}
