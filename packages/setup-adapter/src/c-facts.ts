import { existsSync } from 'node:fs';
import path from 'node:path';
import { displayPath, type CFacts } from '@mcp-lsp-bridge/domain';

/** What clangd takes for a compilation database, in each directory it looks in. */
const DATABASES = ['compile_commands.json', 'build/compile_commands.json', 'compile_flags.txt'];
const HEADER = /\.(?:h|hh|hpp|hxx|h\+\+)$/i;
const SHOWN_HEADER_DIRECTORIES = 8;

/**
 * The compile flags clangd finds for the workspace's C and C++ files: as clangd looks for
 * them, in each file's directory and every directory above it (the root's parents too), a
 * `compile_commands.json`, one in a `build/` directory there, or a `compile_flags.txt`; the
 * nearest of the first file that has one. Also what a fix needs: the build system and where
 * the headers are.
 */
export function cFacts(root: string, sourceFiles: readonly string[], rootFiles: readonly string[]): CFacts {
  const headerDirs = new Set(sourceFiles.filter((file) => HEADER.test(file)).map((file) => displayPath(root, path.dirname(file))));
  const database = sourceFiles.map((file) => nearestDatabase(path.dirname(file))).find((found) => found !== undefined);
  const has = (name: string): boolean => rootFiles.includes(name);
  const buildSystem = has('CMakeLists.txt')
    ? ('cmake' as const)
    : has('meson.build')
      ? ('meson' as const)
      : ['Makefile', 'makefile', 'GNUmakefile'].some(has)
        ? ('make' as const)
        : undefined;
  return {
    ...(database === undefined ? {} : { compilationDatabase: path.relative(root, database) || '.' }),
    ...(buildSystem === undefined ? {} : { buildSystem }),
    headerDirectories: [...headerDirs].sort().slice(0, SHOWN_HEADER_DIRECTORIES),
  };
}

function nearestDatabase(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    for (const name of DATABASES) {
      const candidate = path.join(current, name);
      if (existsSync(candidate)) return candidate;
    }
    if (path.dirname(current) === current) return undefined;
  }
}
