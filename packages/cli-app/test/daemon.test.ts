import { appendFile, chmod, mkdir, mkdtemp, readdir, realpath, rm, stat } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Fixture } from './helpers/fixture.js';
import { runInProcess } from './helpers/in-process.js';
import { loadedModules, RECORD_LOADS } from './helpers/loaded-modules.js';
import { jsonOf, runCli, type CliRun } from './helpers/run-cli.js';

/** The background servers whose socket lies under `dir` (from /proc: pid and command line). */
function daemonsUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const commandLine = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (commandLine.some((part) => part.endsWith('daemon-main.js')) && commandLine.some((part) => part.startsWith(dir)))
        pids.push(Number(name));
    } catch {
      // Gone while we looked.
    }
  }
  return pids;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

interface ReferencesJson {
  readonly success: boolean;
  readonly totalCount: number;
}

// Each command is a process that loads a project cold or talks to the background server; on a
// loaded 2-core machine a test takes tens of seconds.
describe('the background server of lsp-bridge', { timeout: 180_000 }, () => {
  let runtime: string;
  const daemonEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
    LSP_BRIDGE_DAEMON: 'on',
    XDG_RUNTIME_DIR: runtime,
    ...extra,
  });
  const refs = async (fx: Fixture, env: Record<string, string>, extra: readonly string[] = []): Promise<CliRun> =>
    runCli(['refs', await fx.location('src/app.ts', 'use:parseConfig'), '--json', ...extra], { cwd: fx.root, env });

  beforeEach(async () => {
    runtime = await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-runtime-')));
  });

  afterEach(async () => {
    for (const pid of daemonsUnder(runtime)) process.kill(pid, 'SIGTERM');
    await waitFor(() => daemonsUnder(runtime).length === 0, 10_000);
    await rm(runtime, { recursive: true, force: true });
  });

  it('serves the second command from the same background server, with the same answer as without one', async () => {
    await using fx = await Fixture.copy('basic');
    const expected = (await fx.markers('parseConfig')).length;
    const first = await refs(fx, daemonEnv());
    expect(first.code, first.stderr).toBe(0);
    const daemons = daemonsUnder(runtime);
    expect(daemons).toHaveLength(1);
    const second = await refs(fx, daemonEnv());
    expect(second.code, second.stderr).toBe(0);
    expect(daemonsUnder(runtime)).toEqual(daemons);
    const alone = await refs(fx, daemonEnv(), ['--no-daemon']);
    expect((jsonOf(second) as ReferencesJson).totalCount).toBe(expected);
    expect(jsonOf(second)).toEqual(jsonOf(alone));
    expect(jsonOf(first)).toEqual(jsonOf(alone));
  });

  it('answers a command in a front that loads no use-case and no backend, and only the formatter of that command', async () => {
    await using fx = await Fixture.copy('basic');
    expect((await refs(fx, daemonEnv())).code).toBe(0);
    const [declaration] = await fx.markers('parseConfig', ['decl']);
    const record = join(runtime, 'loads');
    const def = await runCli(['def', await fx.location('src/app.ts', 'use:parseConfig')], {
      cwd: fx.root,
      env: daemonEnv({ MODULE_TRACE: record }),
      nodeOptions: ['--import', RECORD_LOADS],
    });
    expect(def.code, def.stderr).toBe(0);
    expect(def.stdout).toContain(`${declaration?.file}:${declaration?.line}:${declaration?.column}`);
    const loaded = await loadedModules(record);
    expect(loaded.useCases).toEqual([]);
    expect(loaded.backends).toEqual([]);
    expect(loaded.formatters).toEqual(['definitions.format.js', 'error.format.js']);
  });

  it('sees an edit made on disk between two commands', async () => {
    await using fx = await Fixture.copy('basic');
    const before = (jsonOf(await refs(fx, daemonEnv())) as ReferencesJson).totalCount;
    await appendFile(fx.path('src/app.ts'), '\nexport const again = parseConfig("x:1");\n');
    const after = await refs(fx, daemonEnv());
    expect(after.code, after.stderr).toBe(0);
    expect((jsonOf(after) as ReferencesJson).totalCount).toBe(before + 1);
  });

  it('writes a rename to disk through the background server', async () => {
    await using fx = await Fixture.copy('basic');
    await refs(fx, daemonEnv());
    const rename = await runCli(['rename', await fx.location('src/app.ts', 'use:parseConfig'), 'readConfig', '--json'], {
      cwd: fx.root,
      env: daemonEnv(),
    });
    expect(rename.code, rename.stderr).toBe(0);
    expect(await fx.read('src/app.ts')).toContain('readConfig(');
    expect(await fx.read('src/app.ts')).not.toMatch(/\bparseConfig\(/);
  });

  it('keeps its socket where only the user can reach it', async () => {
    await using fx = await Fixture.copy('basic');
    await refs(fx, daemonEnv());
    const dir = join(runtime, 'mcp-lsp-bridge');
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const sockets = (await readdir(dir)).filter((name) => name.endsWith('.sock'));
    expect(sockets).toHaveLength(1);
    expect((await stat(join(dir, sockets[0] ?? ''))).mode & 0o777).toBe(0o600);
  });

  it('runs without a background server in a directory others can enter', async () => {
    await using fx = await Fixture.copy('basic');
    const dir = join(runtime, 'mcp-lsp-bridge');
    await mkdir(dir);
    await chmod(dir, 0o777);
    const run = await refs(fx, daemonEnv());
    expect(run.code, run.stderr).toBe(0);
    expect(daemonsUnder(runtime)).toEqual([]);
  });

  it('starts none with --no-daemon, nor under CI=true unless asked', async () => {
    await using fx = await Fixture.copy('basic');
    expect((await refs(fx, daemonEnv(), ['--no-daemon'])).code).toBe(0);
    expect((await refs(fx, { XDG_RUNTIME_DIR: runtime, CI: 'true' })).code).toBe(0);
    expect(daemonsUnder(runtime)).toEqual([]);
    expect((await refs(fx, daemonEnv({ CI: 'true' }))).code).toBe(0);
    expect(daemonsUnder(runtime)).toHaveLength(1);
  });

  it('exits on its own once idle, removing its socket', async () => {
    await using fx = await Fixture.copy('basic');
    expect((await refs(fx, daemonEnv({ LSP_BRIDGE_DAEMON_IDLE_MS: '1500' }))).code).toBe(0);
    expect(daemonsUnder(runtime)).toHaveLength(1);
    expect(await waitFor(() => daemonsUnder(runtime).length === 0)).toBe(true);
    expect((await readdir(join(runtime, 'mcp-lsp-bridge'))).filter((name) => name.endsWith('.sock'))).toEqual([]);
  });

  it('replaces a background server that was killed, leaving its socket behind', async () => {
    await using fx = await Fixture.copy('basic');
    await refs(fx, daemonEnv());
    const [victim] = daemonsUnder(runtime);
    if (victim === undefined) throw new Error('no background server started');
    process.kill(victim, 'SIGKILL');
    await waitFor(() => !daemonsUnder(runtime).includes(victim));
    const run = await refs(fx, daemonEnv());
    expect(run.code, run.stderr).toBe(0);
    expect((jsonOf(run) as ReferencesJson).success).toBe(true);
    const now = daemonsUnder(runtime);
    expect(now).toHaveLength(1);
    expect(now).not.toContain(victim);
  });
});

describe('lsp-bridge daemon', () => {
  it('prints its usage without a subcommand, and refuses an unknown one, extra arguments, and a root with --all', async () => {
    const help = await runInProcess(['daemon']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: lsp-bridge daemon status \[--json\]\n {7}lsp-bridge daemon stop \[root\] \[--all\] \[--json\]/);
    expect((await runInProcess(['daemon', '--help'])).stdout).toBe(help.stdout);
    for (const argv of [
      ['daemon', 'restart'],
      ['daemon', 'status', 'somewhere'],
      ['daemon', 'stop', '/a', '--all'],
      ['daemon', 'stop', '--bogus'],
    ]) {
      const run = await runInProcess(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toMatch(/^lsp-bridge: usage error: .+\nRun "lsp-bridge daemon --help" for usage\.\n$/);
    }
  });

  it('lists no server, and stops none, where none runs', async () => {
    const runtime = await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-runtime-')));
    try {
      const env = { XDG_RUNTIME_DIR: runtime };
      const status = await runInProcess(['daemon', 'status', '--json'], { env });
      expect(JSON.parse(status.stdout)).toEqual({ directory: join(runtime, 'mcp-lsp-bridge'), servers: [], cleaned: [] });
      expect((await runInProcess(['daemon', 'status'], { env })).stdout).toBe(
        `No background server is running (${join(runtime, 'mcp-lsp-bridge')}).\n`,
      );
      const stop = await runInProcess(['--root', runtime, 'daemon', 'stop', '--json'], { env });
      expect([stop.code, JSON.parse(stop.stdout)]).toEqual([0, { stopped: [], failed: [] }]);
    } finally {
      await rm(runtime, { recursive: true, force: true });
    }
  });
});
