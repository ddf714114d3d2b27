import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Workspace } from './workspace.js';

/** What a language's own tool said of a workspace: its exit status and what it printed. */
export interface ToolRun {
  readonly ok: boolean;
  readonly output: string;
}

function run(command: string, args: readonly string[], cwd: string, env: Readonly<Record<string, string>> = {}): ToolRun {
  const result = spawnSync(command, [...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}${result.error?.message ?? ''}` };
}

/**
 * `go build ./... && go vet ./...` in the workspace: the independent judge of a Go rename (no
 * network: modules are local); for another operating system than this one with `goos` (the
 * files its build constraints select, type-checked as that build would).
 */
export function goBuild(ws: Workspace, goos?: string): ToolRun {
  const env = { GOFLAGS: '-mod=mod', GOPROXY: 'off', ...(goos === undefined ? {} : { GOOS: goos }) };
  const build = run('go', ['build', './...'], ws.root, env);
  return build.ok ? run('go', ['vet', './...'], ws.root, env) : build;
}

/** The Go files `go list` says this machine's build leaves out (its `IgnoredGoFiles`), workspace-relative and sorted. */
export function goIgnoredFiles(ws: Workspace): string[] {
  const listed = run('go', ['list', '-f', '{{.Dir}}{{range .IgnoredGoFiles}} {{.}}{{end}}', './...'], ws.root, {
    GOFLAGS: '-mod=mod',
    GOPROXY: 'off',
  });
  if (!listed.ok) throw new Error(`go list failed: ${listed.output}`);
  return listed.output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      const [dir = '', ...files] = line.split(' ');
      return files.map((file) => relative(ws.root, join(dir, file)).split('\\').join('/'));
    })
    .sort();
}

/** `cc -fsyntax-only <flags>` on each of `files` (workspace-relative): the independent judge of a C rename. */
export function cSyntaxCheck(ws: Workspace, files: readonly string[], flags: readonly string[]): ToolRun {
  for (const file of files) {
    const checked = run('cc', ['-fsyntax-only', ...flags, file], ws.root);
    if (!checked.ok) return { ok: false, output: `${file}: ${checked.output}` };
  }
  return { ok: true, output: '' };
}

/** `python3 -m compileall -q .` then `python3 <script>` with `src` on the path: the judge of a Python rename. */
export function pythonRun(ws: Workspace, script: string): ToolRun {
  const compiled = run('python3', ['-m', 'compileall', '-q', '.'], ws.root, { PYTHONDONTWRITEBYTECODE: '1' });
  if (!compiled.ok) return compiled;
  return run('python3', [script], ws.root, { PYTHONPATH: join(ws.root, 'src'), PYTHONDONTWRITEBYTECODE: '1' });
}

/** The errors `pyright --outputjson` reports in the workspace (its own configuration deciding what it checks), as `file:line:column`. */
export function pyrightErrors(ws: Workspace): string[] {
  // The pyright the bridge runs (a dependency of its LSP adapter), as its own command-line checker.
  const adapter = createRequire(fileURLToPath(new URL('../../packages/lsp-adapter/package.json', import.meta.url)));
  const cli = join(dirname(adapter.resolve('pyright/package.json')), 'index.js');
  const checked = run(process.execPath, [cli, '--outputjson'], ws.root);
  const report = JSON.parse(checked.output.slice(checked.output.indexOf('{'))) as {
    generalDiagnostics: { file: string; severity: string; range: { start: { line: number; character: number } } }[];
  };
  return report.generalDiagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${relative(ws.root, d.file)}:${d.range.start.line + 1}:${d.range.start.character + 1}`)
    .sort();
}

/** A fresh, empty Go build cache, as a first-time user has. */
export function emptyGoCache(): string {
  return mkdtempSync(join(tmpdir(), 'lsp-bridge-e2e-gocache-'));
}
