import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MANIFEST,
  REPO_ROOT,
  TARBALL,
  catalog,
  DEFAULT_TOOLS,
  copyFixture,
  findReferencesOverStdio,
  removeFixtureCopies,
  markedLocations,
  run,
  tempDir,
  userEnv,
} from './helpers/install.js';

const installDir = inject('installDir');
const installed = join(installDir, 'node_modules', MANIFEST.name);
const bin = (name: string): string => join(installDir, 'node_modules', '.bin', name);
const versions = catalog();
/** `npm:typescript@7.0.2` → `7.0.2`. */
const typescript7 = (versions['typescript-7'] ?? '').replace(/^npm:typescript@/, '');

/** Bytes of every file under `dir`. */
function bytesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? bytesUnder(join(dir, entry.name)) : statSync(join(dir, entry.name)).size),
    0,
  );
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

const refsOf = (result: { references: readonly { filePath: string; line: number; column: number; referenceType: string }[] }) =>
  result.references.map(({ filePath, line, column, referenceType }) => ({ filePath, line, column, referenceType }));

let fixture: string;

beforeAll(async () => {
  fixture = await copyFixture();
});
afterAll(removeFixtureCopies);

describe('the packed tarball', () => {
  it('holds the bundle, the declarations and the README, and a manifest that pins the catalog versions', () => {
    const files = execFileSync('tar', ['-tzf', TARBALL], { encoding: 'utf8' }).trim().split('\n');
    for (const file of [
      'dist/mcp-lsp-bridge.js',
      'dist/lsp-bridge.js',
      'dist/daemon-main.js',
      'dist/index.js',
      'dist/index.d.ts',
      'README.md',
    ])
      expect(files).toContain(`package/${file}`);
    expect(files.every((file) => file === 'package/package.json' || file === 'package/README.md' || file.startsWith('package/dist/'))).toBe(
      true,
    );

    const packed = JSON.parse(execFileSync('tar', ['-xzOf', TARBALL, 'package/package.json'], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(packed).not.toHaveProperty('devDependencies');
    expect(packed).not.toHaveProperty('scripts');
    expect(packed).not.toHaveProperty('private');
    expect(packed).toMatchObject({ name: MANIFEST.name, version: MANIFEST.version, engines: { node: '>=20.19' } });
    const pinned = (names: Record<string, string>) => Object.fromEntries(Object.keys(names).map((name) => [name, versions[name]]));
    expect(packed['dependencies']).toEqual(pinned(MANIFEST.dependencies));
    expect(packed['optionalDependencies']).toEqual(pinned(MANIFEST.optionalDependencies));
    expect(JSON.stringify(packed)).not.toMatch(/workspace:|catalog:|@mcp-lsp-bridge\//);
  });

  it('installs into a project outside the repository, where nothing resolves into the repository', async () => {
    expect(isInside(REPO_ROOT, installDir)).toBe(false);
    const probe = [
      MANIFEST.name,
      'typescript',
      'typescript-language-server/package.json',
      'typescript-7/package.json',
      'minimatch',
      'vscode-jsonrpc',
    ]
      .map((name) => `console.log(require.resolve(${JSON.stringify(name)}))`)
      .join(';');
    const resolved = await run(process.execPath, ['-e', probe], { cwd: installDir });
    expect(resolved.code, resolved.stderr).toBe(0);
    const paths = resolved.stdout.trim().split('\n');
    expect(paths).toHaveLength(6);
    for (const path of paths) {
      expect(isInside(join(installDir, 'node_modules'), path), path).toBe(true);
      expect(isInside(REPO_ROOT, path), path).toBe(false);
    }
    // The package brought no private workspace package along.
    expect(readdirSync(join(installDir, 'node_modules'))).not.toContain('@mcp-lsp-bridge');
    // The MCP SDK, zod and inversify are bundled (hundreds of ES modules loaded at start or on the first call otherwise), not
    // installed; their licences ship with the bundle.
    const notices = readFileSync(join(installed, 'dist', 'THIRD-PARTY-NOTICES.txt'), 'utf8');
    for (const name of ['inversify', '@modelcontextprotocol/sdk', 'zod']) {
      expect(
        existsSync(join(installDir, 'node_modules', name)),
        `${name} is installed though the bundle holds it: declared a dependency rather than a devDependency, or a dependency's own (a language server's: npm ls ${name})`,
      ).toBe(false);
      expect(notices).toContain(`\n${name} `);
    }

    const tarball = statSync(TARBALL).size;
    const unpacked = bytesUnder(installed);
    const du = execFileSync('du', ['-sk', join(installDir, 'node_modules')], { encoding: 'utf8' });
    const installedKiB = Number(du.split(/\s/)[0]);
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    process.stdout.write(
      `install size: tarball ${kib(tarball)}, unpacked ${kib(unpacked)}, node_modules ${(installedKiB / 1024).toFixed(1)} MiB (du)\n`,
    );
    expect(unpacked).toBeGreaterThan(tarball);
  });
});

describe('the installed bins', () => {
  it.each(['mcp-lsp-bridge', 'lsp-bridge'])('%s --version prints the package version and the TypeScript versions it runs', async (name) => {
    const { code, stdout, stderr } = await run(bin(name), ['--version'], { cwd: installDir });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${name} ${MANIFEST.version}`);
    expect(stdout).toContain(`typescript ${versions['typescript'] ?? '?'} `);
    expect(stdout).toContain(`typescript-language-server ${versions['typescript-language-server'] ?? '?'} `);
    expect(stdout).toContain(`typescript-7 ${typescript7} `);
  });

  it.each([
    ['mcp-lsp-bridge', 'Usage: mcp-lsp-bridge'],
    ['lsp-bridge', 'Usage: lsp-bridge <command>'],
  ])('%s --help prints its usage', async (name, usage) => {
    const { code, stdout } = await run(bin(name), ['--help'], { cwd: installDir });
    expect(code).toBe(0);
    expect(stdout).toContain(usage);
    expect(stdout).toContain('--version');
  });

  it('runs with npx from the tarball alone', async () => {
    const elsewhere = await tempDir('mcp-lsp-bridge-npx-');
    try {
      const npx = await run('npx', ['--yes', '--package', TARBALL, 'mcp-lsp-bridge', '--version'], { cwd: elsewhere, timeoutMs: 300_000 });
      expect(npx.code, npx.stderr).toBe(0);
      expect(npx.stdout.split('\n')[0]).toBe(`mcp-lsp-bridge ${MANIFEST.version}`);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('the installed MCP server', () => {
  it('lists every tool and answers find_references by symbol name to a real MCP client over stdio', async () => {
    const { tools, result } = await findReferencesOverStdio(
      // In process: the background server is the next test's.
      { command: bin('mcp-lsp-bridge'), args: [], cwd: installDir, env: userEnv({ LSP_BRIDGE_DAEMON: 'off' }) },
      fixture,
    );
    expect(tools).toEqual([...DEFAULT_TOOLS]);
    expect(result.isError ?? false).toBe(false);
    const found = result.structuredContent as { success: boolean; symbolName: string; references: never[] };
    expect(found).toMatchObject({ success: true, symbolName: 'add' });
    expect(refsOf(found)).toEqual(await markedLocations(fixture, 'Calculator.add'));
  });

  it('runs its calls in the background server of the bundle, which the CLI then shares', async () => {
    const runtime = await tempDir('mcp-lsp-bridge-runtime-');
    const env = userEnv({ LSP_BRIDGE_DAEMON: 'on', XDG_RUNTIME_DIR: runtime });
    const daemonMain = join(installed, 'dist', 'daemon-main.js');
    const transport = new StdioClientTransport({
      command: bin('mcp-lsp-bridge'),
      args: [],
      cwd: installDir,
      env: env as Record<string, string>,
    });
    const client = new Client({ name: 'dist-package-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({
        name: 'find_references',
        arguments: { workspaceRoot: fixture, filePath: 'src/calculator.ts', symbol: 'Calculator.add' },
      });
      expect(refsOf(result.structuredContent as never)).toEqual(await markedLocations(fixture, 'Calculator.add'));
      const servers = daemonsRunning(daemonMain, runtime);
      expect(servers).toHaveLength(1);
      const cli = await run(bin('lsp-bridge'), ['refs', 'src/calculator.ts', '--symbol', 'Calculator.add', '--json'], {
        cwd: fixture,
        env,
      });
      expect(cli.code, cli.stderr).toBe(0);
      expect(daemonsRunning(daemonMain, runtime)).toEqual(servers);
      const status = await run(bin('lsp-bridge'), ['daemon', 'status', '--json'], { cwd: fixture, env });
      expect(JSON.parse(status.stdout)).toMatchObject({ servers: [{ root: fixture, pid: servers[0], callsServed: 2 }] });
    } finally {
      await client.close();
      await run(bin('lsp-bridge'), ['daemon', 'stop', '--all'], { cwd: fixture, env });
      for (const pid of daemonsRunning(daemonMain, runtime)) process.kill(pid, 'SIGTERM');
      await rm(runtime, { recursive: true, force: true });
    }
  });
});

describe('the installed CLI', () => {
  it('lsp-bridge refs --no-daemon lists the references of a symbol by name', async () => {
    const { code, stdout, stderr } = await run(
      bin('lsp-bridge'),
      ['refs', 'src/calculator.ts', '--symbol', 'Calculator', '--json', '--no-daemon'],
      {
        cwd: fixture,
      },
    );
    expect(code, stderr).toBe(0);
    expect(refsOf(JSON.parse(stdout) as never)).toEqual(await markedLocations(fixture, 'Calculator'));
  });

  it('starts its background server from the bundle and answers through it', async () => {
    const runtime = await tempDir('mcp-lsp-bridge-runtime-');
    const env = userEnv({ LSP_BRIDGE_DAEMON: 'on', XDG_RUNTIME_DIR: runtime });
    const daemonMain = join(installed, 'dist', 'daemon-main.js');
    try {
      const { code, stdout, stderr } = await run(bin('lsp-bridge'), ['refs', 'src/calculator.ts', '--symbol', 'Calculator.add', '--json'], {
        cwd: fixture,
        env,
      });
      expect(code, stderr).toBe(0);
      expect(refsOf(JSON.parse(stdout) as never)).toEqual(await markedLocations(fixture, 'Calculator.add'));
      expect(daemonsRunning(daemonMain, runtime)).toHaveLength(1);
    } finally {
      for (const pid of daemonsRunning(daemonMain, runtime)) process.kill(pid, 'SIGTERM');
      await rm(runtime, { recursive: true, force: true });
    }
  });

  it('runs the lsp backend from the install: typescript-language-server and TypeScript 7 native', async () => {
    for (const server of ['typescript-language-server', 'tsgo']) {
      const { code, stdout, stderr } = await run(
        bin('lsp-bridge'),
        ['refs', 'src/calculator.ts', '--symbol', 'Calculator.add', '--json', '--no-daemon', '--backend', 'lsp'],
        { cwd: fixture, env: userEnv({ LSP_BRIDGE_LSP_SERVER: server }) },
      );
      expect(code, `${server}: ${stderr}`).toBe(0);
      expect(refsOf(JSON.parse(stdout) as never)).toEqual(await markedLocations(fixture, 'Calculator.add'));
    }
  });
});

describe('the installed library', () => {
  it('a plain Node project imports createBridge and finds references', async () => {
    const script = join(installDir, 'find-references.mjs');
    await writeFile(
      script,
      [
        "import { createBridge } from 'mcp-lsp-bridge';",
        'const bridge = createBridge({ env: {} });',
        'try {',
        "  const result = await bridge.findReferences({ workspaceRoot: process.argv[2], filePath: 'src/calculator.ts', symbol: 'Calculator.add' });",
        '  process.stdout.write(JSON.stringify(result));',
        '} finally {',
        '  await bridge.dispose();',
        '}',
        '',
      ].join('\n'),
    );
    const { code, stdout, stderr } = await run(process.execPath, [script, fixture], { cwd: installDir });
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout) as { success: boolean; references: never[] };
    expect(result.success).toBe(true);
    expect(refsOf(result)).toEqual(await markedLocations(fixture, 'Calculator.add'));
  });

  it('type-checks in a consumer compiling with skipLibCheck: false', async () => {
    await writeFile(
      join(installDir, 'consumer.ts'),
      [
        "import { BACKENDS, createBridge, type Bridge, type FindReferencesResult, type ToolError } from 'mcp-lsp-bridge';",
        '',
        'export async function references(bridge: Bridge): Promise<FindReferencesResult | ToolError> {',
        '  // @ts-expect-error line is a number (fails the check if the declarations stopped resolving to real types)',
        "  await bridge.findReferences({ workspaceRoot: '/w', filePath: 'a.ts', line: '1', column: 1 });",
        "  const result = await bridge.findReferences({ workspaceRoot: '/w', filePath: 'a.ts', symbol: 'Calculator.add' });",
        '  const count: number = result.success ? result.references.length : result.error.code.length;',
        '  void count;',
        '  return result;',
        '}',
        '',
        '// @ts-expect-error not a backend',
        "createBridge({ backend: 'clangd' });",
        'export const backends: readonly string[] = BACKENDS;',
        '',
      ].join('\n'),
    );
    await writeFile(
      join(installDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          types: ['node'],
          skipLibCheck: false,
          noEmit: true,
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(installDir, 'node_modules', 'typescript', 'bin', 'tsc');
    const { code, stdout, stderr } = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: installDir });
    expect(code, `${stdout}${stderr}`).toBe(0);
  });
});

// Last: it takes the optional dependency away from the shared install, then puts it back.
describe('an install without the optional TypeScript 7', () => {
  it('says typescript-7 is not installed, and LSP_BRIDGE_LSP_SERVER=tsgo fails with what to do', async () => {
    const present = join(installDir, 'node_modules', 'typescript-7');
    const away = join(installDir, 'typescript-7.away');
    await rename(present, away);
    try {
      const version = await run(bin('mcp-lsp-bridge'), ['--version'], { cwd: installDir });
      expect(version.stdout).toMatch(/^typescript-7 not installed /m);
      const { code, stdout, stderr } = await run(
        bin('lsp-bridge'),
        ['refs', 'src/calculator.ts', '--symbol', 'Calculator.add', '--no-daemon', '--backend', 'lsp'],
        { cwd: fixture, env: userEnv({ LSP_BRIDGE_LSP_SERVER: 'tsgo' }) },
      );
      expect(code).toBe(3);
      expect(stdout).toBe('');
      expect(stderr).toContain('LANGUAGE_SERVER_ERROR');
      expect(stderr).toContain('the optional dependency typescript-7 is missing');
      expect(stderr).toContain('--omit=optional');
      expect(stderr).not.toMatch(/^\s+at /m);
    } finally {
      await rename(away, present);
    }
  });
});

/** The background servers of this install whose socket lies under `runtime` (from /proc). */
function daemonsRunning(daemonMain: string, runtime: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return commandLine.includes(daemonMain) && commandLine.some((part) => part.startsWith(runtime));
      } catch {
        return false; // gone while we looked
      }
    })
    .map(Number);
}
