/**
 * The files that make a directory a package of its own, in every language served: a
 * JavaScript/TypeScript workspace package (`package.json`, Nx's `project.json`), a Go module
 * (`go.mod`), a Python project (`pyproject.toml`, `setup.py`, `setup.cfg`), a Rust crate
 * (`Cargo.toml`). A file belongs to the package of the nearest such directory above it within
 * the workspace (the workspace root itself when none is).
 */
export const PACKAGE_MANIFESTS: readonly string[] = [
  'package.json',
  'project.json',
  'go.mod',
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  'Cargo.toml',
];
