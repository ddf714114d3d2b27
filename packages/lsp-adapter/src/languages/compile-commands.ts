import { isWorkspaceSource } from '@mcp-lsp-bridge/domain';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

/** The files by which a project tells clangd its compile commands; any of them in the workspace wins over a generated one. */
export const PROJECT_COMPILE_DATABASES = ['compile_commands.json', 'compile_flags.txt'];

const HEADER = /\.(?:h|hh|hpp|hxx|h\+\+|inc)$/i;
const C_SOURCE = /\.c$/i;
const CPP_SOURCE = /\.(?:cc|cpp|cxx|c\+\+)$/i;

/** One entry of a compilation database (the JSON Compilation Database format clangd reads). */
interface CompileCommand {
  readonly directory: string;
  readonly file: string;
  readonly arguments: readonly string[];
}

/**
 * A compilation database for a C/C++ workspace that has none (the usual state of a small C
 * project): without one clangd compiles each file alone with guessed flags, so a header read as
 * C++ never meets the C files that use it (references from a header found 1 use of 5) and
 * `#include "geom.h"` from another directory is not found. Every source file of the workspace
 * gets a command with the directories that hold its headers on the include path; clangd
 * derives a header's command from the nearest source file's, so a header of a C project is C.
 * Written in the bridge's own cache directory (never in the workspace); `undefined` when the
 * project has a database of its own, which always wins.
 */
export function generatedCompileCommands(root: string, files: readonly string[]): CompileCommand[] | undefined {
  if (files.some((file) => PROJECT_COMPILE_DATABASES.includes(path.basename(file)) && isWorkspaceSource(root, file))) return undefined;
  const own = files.filter((file) => isWorkspaceSource(root, file));
  const includeDirs = [...new Set([root, ...own.filter((file) => HEADER.test(file)).map((file) => path.dirname(file))])].sort();
  const includes = includeDirs.map((dir) => `-I${dir}`);
  const commands: CompileCommand[] = [];
  for (const file of own.sort()) {
    const cpp = CPP_SOURCE.test(file);
    if (!cpp && !C_SOURCE.test(file)) continue;
    const driver = cpp ? ['c++', '-std=c++17'] : ['cc', '-std=gnu17'];
    commands.push({ directory: path.dirname(file), file, arguments: [...driver, ...includes, '-c', file] });
  }
  return commands;
}

/**
 * Writes `commands` as the `compile_commands.json` of `root` in the user's cache directory
 * (`$XDG_CACHE_HOME/mcp-lsp-bridge`, `~/.cache/mcp-lsp-bridge`, else the temporary directory),
 * one directory per workspace root; returns that directory, for clangd's `--compile-commands-dir`.
 */
export function writeCompileCommands(root: string, commands: readonly CompileCommand[], env = process.env): string {
  const dir = path.join(cacheDirectory(env), 'compile-commands', createHash('sha256').update(root).digest('hex').slice(0, 24));
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'compile_commands.json');
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(commands, null, 1)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return dir;
}

function cacheDirectory(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env['XDG_CACHE_HOME'];
  if (xdg !== undefined && path.isAbsolute(xdg)) return path.join(xdg, 'mcp-lsp-bridge');
  try {
    const home = homedir();
    if (home !== '') return path.join(home, '.cache', 'mcp-lsp-bridge');
  } catch {
    // No home: the temporary directory below.
  }
  return path.join(tmpdir(), `mcp-lsp-bridge-${process.getuid?.() ?? 0}`, 'cache');
}

/** Whether a change of `file` changes the generated database (a source file or header came or went, or the project's own database). */
export function changesCompileCommands(file: string): boolean {
  return HEADER.test(file) || C_SOURCE.test(file) || CPP_SOURCE.test(file) || PROJECT_COMPILE_DATABASES.includes(path.basename(file));
}
