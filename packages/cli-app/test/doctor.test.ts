import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Fixture } from './helpers/fixture.js';
import { jsonOf, runCli } from './helpers/run-cli.js';

// `lsp-bridge doctor` on small projects of each language, each fact compared with what the
// machine itself says: where the shell finds clangd, gopls and go, what they print for their
// version, pyright's version from the manifest of the pyright the bridge runs.

const which = (command: string): string => execFileSync('which', [command], { encoding: 'utf8' }).trim();
const says = (command: string, args: readonly string[]): string => execFileSync(command, [...args], { encoding: 'utf8' });
// The language adapter the bridge runs, and so the pyright and typescript it resolves.
const fromBridge = createRequire(fileURLToPath(import.meta.resolve('@mcp-lsp-bridge/bridge')));
const fromLspAdapter = createRequire(fromBridge.resolve('@mcp-lsp-bridge/lsp-adapter'));

interface Report {
  readonly success: true;
  readonly root: string;
  readonly ready: boolean;
  readonly languages: readonly { name: string; fileCount: number; server: { name: string; path?: string; version?: string } }[];
  readonly typescriptProjects: readonly unknown[];
  readonly c?: { compilationDatabase?: string; headerDirectories: string[] };
  readonly go?: { module?: string; toolchain: { path?: string; version?: string } };
  readonly backgroundServers?: { directory: string; servers: { socket: string; live: boolean; pid?: number }[] };
  readonly problems: readonly { severity: string; language?: string; message: string; fix: string }[];
}

const language = (report: Report, name: string) => report.languages.find((l) => l.name === name);
const fixtures: Fixture[] = [];
async function project(files: Record<string, string>): Promise<Fixture> {
  const fixture = await Fixture.of(files);
  fixtures.push(fixture);
  return fixture;
}
afterEach(async () => {
  for (const fixture of fixtures.splice(0)) await fixture[Symbol.asyncDispose]();
});

describe('lsp-bridge doctor', { timeout: 120_000 }, () => {
  it('tells a TypeScript project its compiler, and to install the typescript its package.json asks for', async () => {
    const fx = await project({
      'package.json': JSON.stringify({ devDependencies: { typescript: '^5.4.0' } }),
      'tsconfig.json': '{}',
      'src/app.ts': 'export const app = 1;\n',
    });
    const run = await runCli(['doctor', '--json'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    const report = jsonOf(run) as Report;
    expect(report).toMatchObject({ success: true, root: fx.root, ready: true });
    expect(language(report, 'typescript')?.fileCount).toBe(1);
    const bundled = JSON.parse(await readFile(fromLspAdapter.resolve('typescript/package.json'), 'utf8')) as { version: string };
    expect(report.typescriptProjects).toEqual([
      expect.objectContaining({
        project: 'tsconfig.json',
        compiler: expect.objectContaining({ version: bundled.version, source: 'bundled' }) as unknown,
        declared: { manifest: 'package.json', range: '^5.4.0' },
      }),
    ]);
    expect(report.problems).toEqual([expect.objectContaining({ severity: 'warning', fix: `cd ${fx.root} && npm install` })]);
  });

  it("names pyright's version for a Python project and finds nothing missing", async () => {
    const fx = await project({ 'app/main.py': 'def main() -> int:\n    return 1\n' });
    const run = await runCli(['doctor'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    const pyright = JSON.parse(await readFile(fromLspAdapter.resolve('pyright/package.json'), 'utf8')) as { version: string };
    expect(run.stdout).toMatch(new RegExp(`^ {2}Python +1 file +pyright ${pyright.version.replace(/\./g, '\\.')} \\(bundled, `, 'm'));
    expect(run.stdout).toContain('No problems found.');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Ready: every language with files here has a server that can run.');
  });

  it('finds gopls and go where the shell does, and tells a Go project without go.mod to make one', async () => {
    const fx = await project({ 'main.go': 'package main\n\nfunc main() {}\n' });
    const report = jsonOf(await runCli(['doctor', '--json'], { cwd: fx.root })) as Report;
    const gopls = language(report, 'go');
    expect(gopls?.fileCount).toBe(1);
    expect(gopls?.server.path).toBe(which('gopls'));
    expect(says('gopls', ['version'])).toContain(gopls?.server.version ?? '?');
    expect(report.go?.toolchain.path).toBe(which('go'));
    expect(says('go', ['version'])).toContain(report.go?.toolchain.version ?? '?');
    expect(report.go?.module).toBeUndefined();
    expect(report.problems).toEqual([expect.objectContaining({ language: 'Go', fix: `cd ${fx.root} && go mod init app` })]);
  });

  it('finds clangd where the shell does, and tells a C project without a compilation database how to get one', async () => {
    const fx = await project({ 'src/main.c': '#include "util.h"\nint main(void) { return f(); }\n', 'include/util.h': 'int f(void);\n' });
    const run = await runCli(['doctor', '--json'], { cwd: fx.root });
    expect(run.code).toBe(0);
    const report = jsonOf(run) as Report;
    const clangd = language(report, 'c-cpp');
    expect(clangd).toMatchObject({ fileCount: 2, server: { name: 'clangd', path: which('clangd') } });
    expect(says('clangd', ['--version'])).toContain(clangd?.server.version ?? '?');
    expect(report.c).toEqual({ headerDirectories: ['include'] });
    expect(report.problems).toEqual([
      expect.objectContaining({
        language: 'C/C++',
        message: expect.stringContaining('clangd reads each file with default flags') as unknown,
        fix: `cd ${fx.root} && printf '%s\\n' -Iinclude > compile_flags.txt`,
      }),
    ]);
  });

  it('exits 1 when files of a language have no server, with the command that installs it', async () => {
    const fx = await project({ 'src/main.c': 'int main(void) { return 0; }\n' });
    // PATH without clangd; node itself is run by its full path.
    const run = await runCli(['doctor'], { cwd: fx.root, env: { PATH: '/nonexistent' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ {2}C\/C\+\+ +1 file +clangd: not installed \(apt-get install clangd\)$/m);
    expect(run.stdout).toMatch(
      /^ {2}error \(C\/C\+\+\): C\/C\+\+ files are served by clangd, which is not installed: clangd is not on PATH/m,
    );
    expect(run.stdout).toContain('\n    fix: apt-get install clangd\n');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Not ready: /);
  });

  it('checks the directory given as its argument, and refuses one that does not exist (exit 3)', async () => {
    const fx = await project({ 'main.py': 'x = 1\n' });
    const elsewhere = await realpath(tmpdir());
    expect((jsonOf(await runCli(['doctor', fx.root, '--json'], { cwd: elsewhere })) as Report).root).toBe(fx.root);
    const run = await runCli(['doctor', join(fx.root, 'missing')], { cwd: elsewhere });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^lsp-bridge: error WORKSPACE_NOT_FOUND: .+\nResolution: .+\n$/);
  });

  it('lists the background servers running, with their process', async () => {
    const runtime = await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-doctor-runtime-')));
    const fx = await project({ 'src/app.ts': 'export const /*@decl:app*/app = 1;\n' });
    const env = { LSP_BRIDGE_DAEMON: 'on', XDG_RUNTIME_DIR: runtime };
    try {
      const refs = await runCli(['refs', 'src/app.ts', '--symbol', 'app', '--json'], { cwd: fx.root, env });
      expect(refs.code, refs.stderr).toBe(0);
      const report = jsonOf(await runCli(['doctor', '--json'], { cwd: fx.root, env })) as Report;
      expect(report.backgroundServers?.directory).toBe(join(runtime, 'mcp-lsp-bridge'));
      const [server, ...more] = report.backgroundServers?.servers ?? [];
      expect(more).toEqual([]);
      expect(server).toMatchObject({ live: true });
      expect(dirname(server?.socket ?? '')).toBe(join(runtime, 'mcp-lsp-bridge'));
      const commandLine = await readFile(`/proc/${server?.pid ?? 0}/cmdline`, 'utf8');
      expect(commandLine.split('\0')).toContain(server?.socket);
      if (server?.pid !== undefined) process.kill(server.pid, 'SIGTERM');
    } finally {
      await rm(runtime, { recursive: true, force: true });
    }
  });
});
