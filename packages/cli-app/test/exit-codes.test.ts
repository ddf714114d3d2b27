import { BACKENDS } from '@mcp-lsp-bridge/bridge';
import { describe, expect, it } from 'vitest';
import { Fixture } from './helpers/fixture.js';
import { jsonOf, runCli } from './helpers/run-cli.js';

describe('exit status', () => {
  it('is 0 when the command worked', async () => {
    await using fx = await Fixture.copy('basic');
    expect((await runCli(['def', await fx.location('src/app.ts', 'use:parseConfig')], { cwd: fx.root })).code).toBe(0);
  });

  it('is 1 when diagnostics include an error, with --json too', async () => {
    await using fx = await Fixture.copy('diagnostics');
    const run = await runCli(['diag', 'src/errors.ts', '--json'], { cwd: fx.root });
    expect(run.code).toBe(1);
    expect(jsonOf(run)).toMatchObject({ success: true, errorCount: 2 });
  });

  it.each([
    { why: 'no command', argv: ['--json'], message: /missing command/, help: 'lsp-bridge --help' },
    {
      why: 'an unknown command',
      argv: ['grep', 'x'],
      message:
        /unknown command "grep"; the commands are refs, def, typedef, complete, diag, hover, outline, search, impl, calls, types, impact, rename, check, delete, replace, actions, format, doctor, init$/m,
      help: 'lsp-bridge --help',
    },
    {
      why: 'an unknown option',
      argv: ['refs', 'src/app.ts:1:1', '--colour'],
      message: /Unknown option '--colour'/,
      help: 'lsp-bridge refs --help',
    },
    {
      why: 'a position without a column',
      argv: ['refs', 'src/app.ts:3'],
      message: /expected <file>:<line>:<col>/,
      help: 'lsp-bridge refs --help',
    },
    { why: 'line 0', argv: ['def', 'src/app.ts:0:4'], message: /line and column start at 1/, help: 'lsp-bridge def --help' },
    { why: 'a missing new name', argv: ['rename', 'src/app.ts:1:1'], message: /missing <newName>/, help: 'lsp-bridge rename --help' },
    { why: 'an extra argument', argv: ['diag', 'a.ts', 'b.ts'], message: /unexpected argument "b.ts"/, help: 'lsp-bridge diag --help' },
    {
      why: 'a limit of 0',
      argv: ['refs', 'src/app.ts:1:1', '--limit', '0'],
      message: /--limit takes an integer from 1/,
      help: 'lsp-bridge refs --help',
    },
    { why: 'a string option without its value', argv: ['diag', '--root'], message: /--root/, help: 'lsp-bridge diag --help' },
    {
      why: 'an unknown backend, naming the known ones',
      argv: ['diag', '--backend', 'clangd'],
      message: new RegExp(`unknown backend "clangd"; the backends are ${BACKENDS.join(', ')}`),
      help: 'lsp-bridge diag --help',
    },
  ])('is 2 for a usage error: $why, with a pointer to the help and nothing on stdout', async ({ argv, message, help }) => {
    const run = await runCli(argv, { cwd: process.cwd() });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/^lsp-bridge: usage error: /);
    expect(run.stderr).toContain(`Run "${help}" for usage.`);
  });

  it('is 2 for a malformed LSP_BRIDGE_* setting', async () => {
    const run = await runCli(['diag'], { cwd: process.cwd(), env: { LSP_BRIDGE_BACKEND: 'clangd' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown LSP_BRIDGE_BACKEND "clangd"/);
  });

  it.each([
    { code: 'FILE_NOT_FOUND', argv: () => Promise.resolve(['def', 'src/missing.ts:1:1']) },
    { code: 'NO_SYMBOL_AT_POSITION', argv: () => Promise.resolve(['refs', 'src/comments.ts:1:1']) },
    { code: 'INVALID_NEW_NAME', argv: async (fx: Fixture) => ['rename', await fx.location('src/app.ts', 'use:parseConfig'), 'class'] },
    { code: 'WORKSPACE_NOT_FOUND', argv: () => Promise.resolve(['diag', '--root', 'no/such/dir']) },
  ])('is 3 for a tool error ($code): the code, message and resolution on stderr', async ({ code, argv }) => {
    await using fx = await Fixture.copy('basic');
    const run = await runCli(await argv(fx), { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^lsp-bridge: error ${code}: .+\\nResolution: .+\\n$`));
  });

  it('is 3 with --json too, which prints the { success: false, error } object on stdout', async () => {
    await using fx = await Fixture.copy('basic');
    const run = await runCli(['refs', 'src/comments.ts:1:1', '--json'], { cwd: fx.root });
    expect(run.code).toBe(3);
    const result = jsonOf(run) as { success: unknown; error: Record<string, unknown> };
    expect(result.success).toBe(false);
    expect(Object.keys(result.error).sort()).toEqual(['code', 'message', 'resolution']);
    expect(result.error['code']).toBe('NO_SYMBOL_AT_POSITION');
    expect(run.stderr).toMatch(/^lsp-bridge: error NO_SYMBOL_AT_POSITION: /);
  });
});
