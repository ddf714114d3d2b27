/**
 * Whether a file is test code, by the conventions of the languages served: a directory named
 * `test`, `tests`, `__tests__`, `spec`, `e2e` or `testdata` on its path, or a file named
 * `*.test.*`, `*.spec.*` (JavaScript, TypeScript), `*_test.go` (Go), `test_*.py`, `*_test.py`
 * or `conftest.py` (Python), `*_test.c`/`*_test.cc`/`*_test.cpp` or `test_*.c` (C, C++).
 * `path` is relative to the workspace root, with `/` separators.
 */
export function isTestPath(path: string): boolean {
  const segments = path.split('/');
  const file = segments.pop() ?? '';
  if (segments.some((segment) => TEST_DIRECTORIES.has(segment))) return true;
  return TEST_FILES.some((pattern) => pattern.test(file));
}

const TEST_DIRECTORIES: ReadonlySet<string> = new Set(['test', 'tests', '__tests__', 'spec', 'e2e', 'testdata']);

const TEST_FILES: readonly RegExp[] = [
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /_test\.go$/,
  /^test_.*\.py$/,
  /_test\.py$/,
  /^conftest\.py$/,
  /(^test_.*|_test)\.(c|cc|cpp|cxx)$/,
];
