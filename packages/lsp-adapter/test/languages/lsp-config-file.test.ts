import { ErrorCode, bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { LspConfigFiles, LspSymbolIndex, PYTHON, parseConfig } from '../../src/index.js';
import { join } from 'node:path';
import { CRASHING_SERVER, TempDir } from '../fixtures.js';

function refusalOf(body: () => unknown): ReturnType<typeof bridgeErrorOf> {
  try {
    body();
  } catch (error) {
    return bridgeErrorOf(error);
  }
  return undefined;
}

describe('.lsp.json', () => {
  it("reads Claude Code's shape: command, args, extensionToLanguage, settings, env, startupTimeout", () => {
    const [profile] = parseConfig(
      '/w/.lsp.json',
      JSON.stringify({
        basedpyright: {
          command: 'basedpyright-langserver',
          args: ['--stdio'],
          extensionToLanguage: { '.PY': 'python' },
          settings: { 'basedpyright.analysis': { typeCheckingMode: 'strict' } },
          env: { PYTHONPATH: '/w/lib' },
          startupTimeout: 20000,
          restartOnCrash: true,
        },
      }),
    );
    expect(profile).toMatchObject({
      name: 'basedpyright',
      extensions: { '.py': 'python' },
      server: { kind: 'executable', command: 'basedpyright-langserver', args: ['--stdio'] },
      env: { PYTHONPATH: '/w/lib' },
      startupTimeoutMs: 20000,
    });
    // A known language id keeps the built-in spelling and dependency folders.
    expect(profile?.lexicon).toBe(PYTHON.lexicon);
  });

  it.each([
    [{ ruby: { args: [], extensionToLanguage: { '.rb': 'ruby' } } }, '"ruby.command"'],
    [{ ruby: { command: 'solargraph', extensionToLanguage: { rb: 'ruby' } } }, '"ruby.extensionToLanguage.rb"'],
    [{ ruby: { command: 'solargraph', extensionToLanguage: {} } }, '"ruby.extensionToLanguage"'],
    [{ ruby: { command: 'solargraph', extensionToLanguage: { '.rb': 'ruby' }, transport: 'socket' } }, '"ruby.transport"'],
    [{ ruby: { command: 'solargraph', extensionToLanguage: { '.rb': 'ruby' }, startupTimeout: -1 } }, '"ruby.startupTimeout"'],
  ])('refuses %j naming the bad field', (config, field) => {
    const refused = refusalOf(() => parseConfig('/w/.lsp.json', JSON.stringify(config)));
    expect(refused?.code).toBe(ErrorCode.CONFIG_NOT_FOUND);
    expect(refused?.message).toContain(field);
    expect(refused?.resolution).toContain('extensionToLanguage');
  });

  it('refuses a file that is not JSON', () => {
    expect(refusalOf(() => parseConfig('/w/.lsp.json', '{ nope'))?.message).toMatch(/not valid JSON/);
  });

  it('is read from the workspace root and again when it changes', () => {
    using dir = new TempDir();
    const files = new LspConfigFiles({});
    expect(files.profiles(dir.root)).toEqual([]);
    dir.write('.lsp.json', JSON.stringify({ a: { command: 'a-ls', extensionToLanguage: { '.a': 'a' } } }));
    expect(files.profiles(dir.root).map((p) => p.name)).toEqual(['a']);
    dir.write('.lsp.json', JSON.stringify({ bb: { command: 'b-ls', extensionToLanguage: { '.b': 'b' } } }));
    expect(files.profiles(dir.root).map((p) => p.name)).toEqual(['bb']);
  });

  it('is the file LSP_BRIDGE_CONFIG names when set, which must exist', () => {
    using dir = new TempDir();
    const config = dir.write('conf/servers.json', JSON.stringify({ a: { command: 'a-ls', extensionToLanguage: { '.a': 'a' } } }));
    expect(new LspConfigFiles({ LSP_BRIDGE_CONFIG: config }).profiles(dir.root).map((p) => p.name)).toEqual(['a']);
    const refused = refusalOf(() => new LspConfigFiles({ LSP_BRIDGE_CONFIG: `${dir.root}/missing.json` }).profiles(dir.root));
    expect(refused?.code).toBe(ErrorCode.CONFIG_NOT_FOUND);
  });

  it('refuses a call about a file whose configured server does not exist, naming the file that configures it', async () => {
    using dir = new TempDir();
    const config = dir.write(
      'conf/servers.json',
      JSON.stringify({ foo: { command: 'no-such-lsp', extensionToLanguage: { '.foo': 'foo' } } }),
    );
    const file = dir.write('a.foo', 'hello\n');
    const [profile] = new LspConfigFiles({ LSP_BRIDGE_CONFIG: config }).profiles(dir.root);
    if (profile === undefined) throw new Error('no profile');
    const index = new LspSymbolIndex({ profile });
    try {
      const refused = bridgeErrorOf(await index.diagnostics(dir.scope(), file).catch((error: unknown) => error));
      expect(refused?.code).toBe(ErrorCode.LANGUAGE_SERVER_NOT_FOUND);
      expect(refused?.message).toContain('no-such-lsp is not on PATH');
      expect(refused?.resolution).toBe(`Install no-such-lsp, or set its path ("command") in ${config}; then call again.`);
    } finally {
      await index.dispose();
    }
  });

  it("names the workspace's .lsp.json, where another server can be named, when a configured server keeps failing", async () => {
    using dir = new TempDir();
    // A server that declares an outline, then exits (code 3) on the first request.
    const script = dir.write('crash.cjs', CRASHING_SERVER.replace('capabilities: {}', 'capabilities: { documentSymbolProvider: true }'));
    const file = dir.write('a.foo', 'hello\n');
    const [profile] = parseConfig(
      join(dir.root, '.lsp.json'),
      JSON.stringify({ foo: { command: process.execPath, args: [script], extensionToLanguage: { '.foo': 'foo' } } }),
    );
    if (profile === undefined) throw new Error('no profile');
    const index = new LspSymbolIndex({ profile, requestTimeoutMs: 10_000 });
    try {
      const refused = bridgeErrorOf(await index.outline(dir.scope(), file).catch((error: unknown) => error));
      expect(refused?.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
      expect(refused?.message).toMatch(/exited with code 3/);
      expect(refused?.resolution).toContain(`or name another foo server in ${join(dir.root, '.lsp.json')}.`);
    } finally {
      await index.dispose();
    }
  });
});
