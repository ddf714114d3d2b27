import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** `go build ./... && go vet ./...` in the workspace: the independent judge of a Go rename (no network: modules are local). */
export function goBuild(ws: Workspace): ToolRun {
  const env = { GOFLAGS: '-mod=mod', GOPROXY: 'off' };
  const build = run('go', ['build', './...'], ws.root, env);
  return build.ok ? run('go', ['vet', './...'], ws.root, env) : build;
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

/** A fresh, empty Go build cache, as a first-time user has. */
export function emptyGoCache(): string {
  return mkdtempSync(join(tmpdir(), 'lsp-bridge-e2e-gocache-'));
}
