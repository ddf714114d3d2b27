import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  lstatSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { E2E_DIR } from '../helpers/locations.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';

/*
 * Issue 13 on the real thing: a copy of this repository's own packages, built as `pnpm build`
 * builds them (each package's `tsc -p tsconfig.lib.json`, declaration maps on), where the
 * packages import each other by name through `node_modules` links to `dist/*.d.ts`. The
 * expected files come from the source text (every file that imports BridgeException from the
 * domain package), the verdict after a rename from the real tsc of every package.
 */

const REPO = realpathSync(join(E2E_DIR, '..'));
/** The packages that declare or use BridgeException, in build order. */
const PACKAGES = ['domain', 'ts-syntax', 'fs-adapter', 'workspace', 'ts-workspace', 'tsservice-adapter', 'lsp-adapter'];
const DECLARATION = 'packages/domain/src/errors/bridge-error.ts';
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
/** Copying, building seven packages, a rename, a rebuild and seven checks with the real tsc. */
const TIMEOUT_MS = 600_000;

class RepositoryCopy implements AsyncDisposable {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), 'bridge-repo-copy-')));

  constructor() {
    for (const file of ['package.json', 'pnpm-workspace.yaml', 'tsconfig.base.json']) cpSync(join(REPO, file), join(this.root, file));
    // The installed packages are the repository's own (read only); the workspace links are the copy's.
    symlinkSync(join(REPO, 'node_modules'), join(this.root, 'node_modules'));
    for (const name of PACKAGES) {
      const from = join(REPO, 'packages', name);
      const to = join(this.root, 'packages', name);
      mkdirSync(to, { recursive: true });
      for (const entry of readdirSync(from)) {
        if (entry === 'package.json' || /^tsconfig.*\.json$/.test(entry)) cpSync(join(from, entry), join(to, entry));
      }
      cpSync(join(from, 'src'), join(to, 'src'), { recursive: true });
      copyLinks(join(from, 'node_modules'), join(to, 'node_modules'));
    }
  }

  /** Each package built in order; the output of tsc, '' when every build succeeded. */
  build(only: readonly string[] = PACKAGES): string {
    return only.map((name) => this.tsc(['-p', `packages/${name}/tsconfig.lib.json`])).join('');
  }

  /** Every package's own check of its source against the others' build output. */
  typecheck(): string {
    return PACKAGES.map((name) => this.tsc(['--noEmit', '-p', `packages/${name}/tsconfig.lib.json`])).join('');
  }

  read(file: string): string {
    return readFileSync(join(this.root, file), 'utf8');
  }

  /** 1-based line and column of the first `needle` in `file`. */
  position(file: string, needle: string): { workspaceRoot: string; filePath: string; line: number; column: number } {
    const lines = this.read(file).split('\n');
    const line = lines.findIndex((l) => l.includes(needle));
    if (line < 0) throw new Error(`${needle} is not in ${file}`);
    const column = (lines[line] ?? '').indexOf(needle) + needle.lastIndexOf(' ') + 2;
    return { workspaceRoot: this.root, filePath: file, line: line + 1, column };
  }

  /** The declaration's file and every source file that imports or re-exports `name` (by package name or by a relative path). */
  filesUsing(name: string): string[] {
    const naming = new RegExp(`(import|export)\\s*(type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'`);
    const found: string[] = [];
    for (const pkg of PACKAGES) {
      for (const file of sourceFiles(join(this.root, 'packages', pkg, 'src'))) {
        const path = relative(this.root, file);
        const text = readFileSync(file, 'utf8');
        if (naming.test(text) || (path === DECLARATION && text.includes(`class ${name} `))) found.push(path);
      }
    }
    return found.sort();
  }

  private tsc(args: readonly string[]): string {
    const run = spawnSync(process.execPath, [TSC, '--pretty', 'false', ...args], { cwd: this.root, encoding: 'utf8' });
    return run.status === 0 ? '' : `${run.stdout}${run.stderr}`;
  }

  [Symbol.asyncDispose](): Promise<void> {
    rmSync(this.root, { recursive: true, force: true });
    return Promise.resolve();
  }
}

/** A package's node_modules as links only (pnpm's layout): the same relative targets, so workspace links lead into the copy. */
function copyLinks(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (entry.startsWith('.')) continue;
    const source = join(from, entry);
    if (lstatSync(source).isSymbolicLink()) symlinkSync(readlinkSync(source), join(to, entry));
    else if (entry.startsWith('@')) copyLinks(source, join(to, entry));
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function built(): Promise<RepositoryCopy> {
  const copy = new RepositoryCopy();
  const output = copy.build();
  if (output !== '') throw new Error(`the copy does not build: ${output}`);
  return Promise.resolve(copy);
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('a copy of this repository, built', () => {
    const copy = useShared(built, TIMEOUT_MS);

    verifies(
      'I13-MONO-REPOSITORY',
      'finds BridgeException in every file of every package that imports it, from its declaration',
      async () => {
        const expected = copy().filesUsing('BridgeException');
        expect(new Set(expected.map((f) => f.split('/')[1]))).toEqual(
          new Set(['domain', 'fs-adapter', 'workspace', 'ts-workspace', 'tsservice-adapter', 'lsp-adapter']),
        );

        const result = succeeded(
          await server().findReferences({ ...copy().position(DECLARATION, 'export class BridgeException'), limit: 100000 }),
        );

        const files = [...new Set(result.references.map((r) => r.filePath))].sort();
        expect(files).toEqual(expected);
        expect(result.references.filter((r) => r.filePath.includes('/dist/'))).toEqual([]);
      },
      TIMEOUT_MS,
    );
  });

  // A real rename and the real checks after it: on the default backend and on typescript-language-server.
  if (backend === 'auto' || backend === 'lsp') {
    verifies(
      'I13-MONO-REPOSITORY',
      'renames BridgeException in every package, and every package type-checks once the packages it names are built again',
      async () => {
        await using copy = await built();
        const before = copy.filesUsing('BridgeException');

        const result = succeeded(
          await server().renameSymbol({ ...copy.position(DECLARATION, 'export class BridgeException'), newName: 'BridgeFailure' }),
        );

        expect(result.filesModified.map((f) => f.filePath).sort()).toEqual(before);
        // The domain's build output has the old name, and so may the declarations other packages built from it.
        expect(result.rebuild).toContain('@mcp-lsp-bridge/domain');
        expect(copy.filesUsing('BridgeException')).toEqual([]);
        expect(copy.build(PACKAGES.filter((name) => result.rebuild?.includes(`@mcp-lsp-bridge/${name}`)))).toBe('');
        expect(copy.typecheck()).toBe('');
      },
      TIMEOUT_MS,
    );
  }
});
