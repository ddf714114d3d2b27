import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, operationNamed, type OperationName } from '@mcp-lsp-bridge/domain';
import { COMMANDS, loadCommand } from '../src/commands/index.js';
import { GLOBAL_OPTIONS } from '../src/args/global-options.js';
import { META_COMMANDS } from '../src/meta/index.js';
import { runInProcess } from './helpers/in-process.js';
import { loadedModules, RECORD_LOADS } from './helpers/loaded-modules.js';
import { runCli } from './helpers/run-cli.js';

const cwd = process.cwd();

describe('the commands', () => {
  it('run every operation of the catalogue, each by exactly one command', () => {
    expect(COMMANDS.map((command) => command.tool).sort()).toEqual([...OPERATION_NAMES].sort());
  });

  // Nothing lists the commands: each operation's is found by its name, so a command file missing
  // or misnamed fails here (this file does not even load), naming the file it looked for.
  it('are each the `command` of the file the operation name gives', async () => {
    for (const name of OPERATION_NAMES) expect((await loadCommand(name)).tool, name).toBe(name);
    // Not CONTRIBUTING's example, line_count: a newcomer following it adds that one.
    await expect(loadCommand('no_such_operation' as OperationName)).rejects.toThrow(
      'The operation no_such_operation has no command: cli-app/src/commands/no-such-operation.ts cannot be loaded',
    );
  });

  it('say, run from the build, to build again: a command file added since is not there yet', () => {
    const built = JSON.stringify(new URL('../dist/commands/index.js', import.meta.url).href);
    const script = `import(${built}).then((m) => m.loadCommand('no_such_operation')).catch((e) => process.stdout.write(e.message))`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })).toBe(
      'The operation no_such_operation has no command: cli-app/src/commands/no-such-operation.ts cannot be loaded ' +
        '(run from a build: if it exists, build @mcp-lsp-bridge/cli-app again)',
    );
  });

  it("are listed in the catalogue's order, those that only read before those that write", () => {
    const reads = OPERATION_NAMES.filter((name) => operationNamed(name)?.writes === false);
    const writes = OPERATION_NAMES.filter((name) => operationNamed(name)?.writes === true);
    expect(COMMANDS.map((command) => command.tool)).toEqual([...reads, ...writes]);
  });
});

describe('--help', () => {
  it('lists every command with its arguments and summary, the global options and the exit codes', async () => {
    const run = await runCli(['--help'], { cwd });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^lsp-bridge \d+\.\d+\.\d+: /);
    for (const command of COMMANDS) {
      expect(run.stdout).toContain(`  ${command.name} ${command.arguments.map((a) => a.name).join(' ')}`);
      expect(run.stdout.replace(/\s+/g, ' ')).toContain(command.summary);
    }
    for (const name of Object.keys(GLOBAL_OPTIONS)) expect(run.stdout).toContain(`--${name}`);
    expect(run.stdout).toMatch(
      /^Exit status:\n {2}0 +success\n {2}1 +.+\n {2}2 +usage error.+\n(?:.+\n)* {2}3 +tool error.+\n {2}130 +interrupted/m,
    );
    expect((await runInProcess([])).stdout).toBe(run.stdout);
    expect((await runInProcess(['help'])).stdout).toBe(run.stdout);
  });

  it.each(COMMANDS.map((command) => [command.name, command] as const))(
    '%s --help is generated from its definition: usage, description, options, examples, exit codes',
    async (name, command) => {
      const run = await runCli([name, '--help'], { cwd });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      const flat = run.stdout.replace(/\s+/g, ' ');
      expect(run.stdout.split('\n')[0]).toBe(`Usage: lsp-bridge ${name} ${command.arguments.map((a) => a.name).join(' ')} [options]`);
      expect(flat).toContain(command.description);
      for (const argument of command.arguments) expect(flat).toContain(`${argument.name} ${argument.description}`);
      for (const [option, spec] of Object.entries({ ...command.options, ...GLOBAL_OPTIONS })) {
        expect(run.stdout).toContain(`--${option}`);
        expect(flat).toContain(spec.description);
      }
      expect(command.examples.length).toBeGreaterThan(0);
      for (const example of command.examples) {
        expect(run.stdout).toContain(`  $ ${example.command}\n`);
        expect(flat).toContain(example.description);
      }
      expect(run.stdout).toContain('Exit status:');
      expect(flat).toContain(`The MCP tool ${command.tool} takes the same input`);
      // The other ways to ask give the same text.
      for (const argv of [
        [name, '-h'],
        ['help', name],
        ['--help', name],
        [command.aliases[0] ?? name, '--help'],
        [name, 'x', '--json', '--help'],
      ]) {
        expect((await runInProcess(argv)).stdout, argv.join(' ')).toBe(run.stdout);
      }
    },
  );

  it("prints a command's help without loading a use-case, a backend or a formatter of results", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lsp-bridge-loads-'));
    try {
      const record = join(dir, 'loads');
      const run = await runCli(['refs', '--help'], { cwd, env: { MODULE_TRACE: record }, nodeOptions: ['--import', RECORD_LOADS] });
      expect(run.code, run.stderr).toBe(0);
      const loaded = await loadedModules(record);
      expect(loaded.useCases).toEqual([]);
      expect(loaded.backends).toEqual([]);
      expect(loaded.formatters).toEqual(['error.format.js', 'help.format.js']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the languages it serves, and lists the set-up commands after the operations', async () => {
    const run = await runCli(['--help'], { cwd });
    const flat = run.stdout.replace(/\s+/g, ' ');
    for (const language of ['TypeScript and JavaScript', 'Python (pyright)', 'C and C++ (clangd)', 'Go (gopls)', '.lsp.json'])
      expect(flat, language).toContain(language);
    const setUp = run.stdout.slice(run.stdout.indexOf('Set-up commands:'));
    for (const command of META_COMMANDS)
      expect(setUp.replace(/\s+/g, ' ')).toContain(`${command.name} ${command.arguments.map((a) => a.name).join(' ')} ${command.summary}`);
  });

  it.each(META_COMMANDS.map((command) => [command.name, command] as const))(
    '%s --help is generated from its definition, like every command',
    async (name, command) => {
      const run = await runCli([name, '--help'], { cwd });
      expect(run.code).toBe(0);
      const flat = run.stdout.replace(/\s+/g, ' ');
      expect(run.stdout.split('\n')[0]).toBe(`Usage: lsp-bridge ${name} ${command.arguments.map((a) => a.name).join(' ')} [options]`);
      expect(flat).toContain(command.description);
      for (const [option, spec] of Object.entries({ ...command.options, ...GLOBAL_OPTIONS })) {
        expect(run.stdout).toContain(`--${option}`);
        expect(flat).toContain(spec.description);
      }
      for (const example of command.examples) expect(run.stdout).toContain(`  $ ${example.command}\n`);
      expect(flat).toContain(command.seeAlso);
      expect((await runInProcess(['help', name])).stdout).toBe(run.stdout);
    },
  );

  it('prints the version, then the TypeScript versions it runs, then each built-in language server found', async () => {
    const require = createRequire(import.meta.url);
    const own = require('../package.json') as { version: string };
    const typescript = require('typescript/package.json') as { version: string };
    const run = await runCli(['--version'], { cwd });
    expect(run).toEqual({ code: 0, stdout: expect.stringMatching(/^lsp-bridge \d+\.\d+\.\d+\n/) as unknown, stderr: '' });
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`lsp-bridge ${own.version}`);
    expect(lines[1]).toMatch(new RegExp(`^typescript ${typescript.version.replace(/\./g, '\\.')} `));
    expect(run.stdout).toMatch(/^typescript-language-server \d+\.\d+\.\d+ /m);
    // The pyright of the language adapter the bridge runs.
    const bridge = createRequire(require.resolve('@mcp-lsp-bridge/bridge'));
    const lspAdapter = createRequire(bridge.resolve('@mcp-lsp-bridge/lsp-adapter'));
    const version = (lspAdapter('pyright/package.json') as { version: string }).version;
    expect(run.stdout).toContain(`\npyright ${version} (Python; bundled)\n`);
    const clangd = execFileSync('which', ['clangd'], { encoding: 'utf8' }).trim();
    expect(run.stdout).toMatch(new RegExp(`^clangd \\S+ \\(C/C\\+\\+; ${clangd}\\)$`, 'm'));
    expect(execFileSync('clangd', ['--version'], { encoding: 'utf8' })).toContain(/^clangd (\S+) /m.exec(run.stdout)?.[1] ?? '?');
    const gopls = execFileSync('which', ['gopls'], { encoding: 'utf8' }).trim();
    expect(run.stdout).toMatch(new RegExp(`^gopls \\S+ \\(Go; ${gopls}\\)$`, 'm'));
    const bare = await runInProcess(['--version'], { env: { PATH: '/nonexistent' } });
    expect(bare.stdout).toContain('\nclangd not installed (C/C++; apt-get install clangd)\n');
    expect(bare.stdout).toContain('\ngopls not installed (Go; apt-get install gopls golang-go)\n');
  });

  // The servers' descriptions say why a server is missing with the domain's words: from its front
  // entry, not its index (every use-case and rule: 88 modules, with `--version` at 92 domain modules in all).
  it.each([
    ['--version', ['--version']],
    ['init --print', ['init', 'claude-code', '--print']],
  ])('%s finds the servers loading the domain by its front entry, not its index', async (_name, argv) => {
    const dir = await mkdtemp(join(tmpdir(), 'lsp-bridge-loads-'));
    try {
      const record = join(dir, 'loads');
      const run = await runCli([...argv, '--root', dir], {
        cwd: dir,
        env: { MODULE_TRACE: record },
        nodeOptions: ['--import', RECORD_LOADS],
      });
      expect(run.code, run.stderr).toBe(0);
      const loaded = await loadedModules(record);
      expect(loaded.domain).toContain('front.js');
      expect(loaded.domain).not.toContain('index.js');
      expect(loaded.useCases).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
