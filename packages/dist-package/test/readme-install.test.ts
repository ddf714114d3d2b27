import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANIFEST,
  REPO_ROOT,
  DEFAULT_TOOLS,
  copyFixture,
  findReferencesOverStdio,
  markedLocations,
  removeFixtureCopies,
  run,
  tempDir,
  userEnv,
} from './helpers/install.js';

/*
 * The README's way in for a user who is not building the product: exactly the commands of its
 * "Use it" block, run as a user runs them, on a copy of this working tree (what a clone holds:
 * tracked files and new ones, nothing ignored), with a HOME and an npm global prefix of their
 * own, so nothing global is touched. Only the download caches are the user's (npm's and pnpm's
 * store): they hold what the registry would send. `claude` is not installed here: its `mcp add`
 * line is parsed, and a real MCP client starts the command it configures, as Claude Code would.
 */

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The command lines of the first `sh` block of a `## ` section, comments and blank lines left out. */
function commandsOf(section: string): string[] {
  const start = readme.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`the README has no "## ${section}" section`);
  const body = readme.slice(start + 1).split(/\n## /)[0] ?? '';
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(body)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A command line's words: the README's commands use no quotes or shell syntax beyond `&&`, which this checks. */
function words(command: string): string[] {
  if (/["'`$|;<>*?\\]/.test(command)) throw new Error(`not a plain command: ${command}`);
  return command.split(/\s+/);
}

/** The files of a clone of this working tree: tracked ones and new ones that are not ignored. */
function copyWorkingTree(to: string): number {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(REPO_ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(REPO_ROOT, file), join(to, file));
    chmodSync(join(to, file), statSync(join(REPO_ROOT, file)).mode & 0o777);
  }
  return files.length;
}

const [setUp = '', connect = ''] = commandsOf('Use it');
let work: string;
let prefix: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  work = await tempDir('mcp-lsp-bridge-readme-');
  prefix = join(work, 'prefix');
  const home = join(work, 'home');
  mkdirSync(home);
  const { packageManager } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { packageManager: string };
  const cache = execFileSync('npm', ['config', 'get', 'cache'], { env: userEnv(), encoding: 'utf8' }).trim();
  const store = execFileSync('npx', ['-y', packageManager, 'store', 'path'], { cwd: REPO_ROOT, env: userEnv(), encoding: 'utf8' }).trim();
  env = userEnv({
    HOME: home,
    npm_config_prefix: prefix,
    npm_config_cache: cache,
    npm_config_store_dir: store,
    PATH: `${join(prefix, 'bin')}${delimiter}${process.env['PATH'] ?? ''}`,
    // As CI runs the README's commands (.ci/run).
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_TUI: 'false',
  });
}, 120_000);

afterAll(async () => {
  await removeFixtureCopies();
  await rm(work, { recursive: true, force: true });
});

describe("the README's install from this repository", () => {
  it('is two command lines: one that installs from the clone, and claude mcp add of the installed command for every project', () => {
    expect(setUp).toMatch(/ && node scripts\/install-global\.mjs$/);
    // Without a scope, Claude Code configures the server for the directory the command runs in
    // alone: after the line above, the clone.
    expect(words(connect).slice(0, words(connect).indexOf('--') + 1)).toEqual([
      'claude',
      'mcp',
      'add',
      '--scope',
      'user',
      MANIFEST.name,
      '--',
    ]);
    expect(commandsOf('Use it')).toHaveLength(2);
  });

  it('installs mcp-lsp-bridge and lsp-bridge into the npm prefix, and the configured command serves a real MCP client', async () => {
    const repo = join(work, 'repo');
    process.stdout.write(`README install: ${copyWorkingTree(repo)} files copied to ${repo}\n`);
    for (const command of setUp.split('&&').map((part) => part.trim())) {
      const [file = '', ...args] = words(command);
      const started = Date.now();
      const result = await run(file, args, { cwd: repo, env, timeoutMs: 1_200_000 });
      process.stdout.write(`README install: ${command}: exit ${result.code} in ${Math.round((Date.now() - started) / 1000)} s\n`);
      expect(result.code, `${command}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`).toBe(0);
    }
    for (const bin of ['mcp-lsp-bridge', 'lsp-bridge']) expect(existsSync(join(prefix, 'bin', bin)), bin).toBe(true);

    // What `claude mcp add [--scope user] <name> -- <command> [args]` configures: the command after `--`.
    const [command = '', ...args] = words(connect).slice(words(connect).indexOf('--') + 1);
    const fixture = await copyFixture();
    const { tools, result } = await findReferencesOverStdio({ command, args, cwd: fixture, env }, fixture);
    expect(tools).toEqual([...DEFAULT_TOOLS]);
    const found = result.structuredContent as {
      success: boolean;
      references: { filePath: string; line: number; column: number; referenceType: string }[];
    };
    expect(found.success).toBe(true);
    expect(found.references.map(({ filePath, line, column, referenceType }) => ({ filePath, line, column, referenceType }))).toEqual(
      await markedLocations(fixture, 'Calculator.add'),
    );

    // The installed CLI: the set-up check of the project, and init configuring the installed command.
    const doctor = await run('lsp-bridge', ['doctor', fixture, '--json'], { cwd: fixture, env });
    expect(doctor.code, doctor.stderr).toBe(0);
    expect(JSON.parse(doctor.stdout)).toMatchObject({ success: true, root: fixture, ready: true });
    const init = await run('lsp-bridge', ['init', 'claude-code', '--print'], { cwd: fixture, env });
    expect(init.code, init.stderr).toBe(0);
    expect(JSON.parse(init.stdout)).toEqual({ mcpServers: { [MANIFEST.name]: { type: 'stdio', command: MANIFEST.name, args: [] } } });
  }, 1_500_000);
});
