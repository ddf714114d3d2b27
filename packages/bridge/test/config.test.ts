import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it("defaults to the auto backend and the project's own typescript (issue 12)", () => {
    expect(loadConfig({}).backend).toBe('auto');
    expect(loadConfig({}).typescript).toBe('workspace');
    expect(loadConfig({ LSP_BRIDGE_BACKEND: 'tsservice' }).backend).toBe('tsservice');
    expect(loadConfig({ LSP_BRIDGE_TYPESCRIPT: 'bundled' }).typescript).toBe('bundled');
  });

  it('takes an empty setting as unset, as a shell line `LSP_BRIDGE_BACKEND= cmd` means', () => {
    const config = loadConfig({
      LSP_BRIDGE_BACKEND: '',
      LSP_BRIDGE_TYPESCRIPT: '',
      LSP_BRIDGE_LOG_LEVEL: '',
      LSP_BRIDGE_LSP_SERVER: '',
      LSP_BRIDGE_REQUEST_TIMEOUT_MS: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it('refuses an unknown backend, naming the supported ones', () => {
    expect(() => loadConfig({ LSP_BRIDGE_BACKEND: 'clangd' })).toThrow(ConfigError);
    expect(() => loadConfig({ LSP_BRIDGE_BACKEND: 'clangd' })).toThrow(/clangd.*auto, tsservice, lsp/);
  });

  it('refuses an unknown LSP_BRIDGE_TYPESCRIPT, naming the two it takes', () => {
    expect(() => loadConfig({ LSP_BRIDGE_TYPESCRIPT: '6.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ LSP_BRIDGE_TYPESCRIPT: '6.0' })).toThrow(/"6\.0".*workspace.*bundled/);
  });

  it('reads numeric limits and refuses nonsense', () => {
    expect(loadConfig({ LSP_BRIDGE_MAX_PROJECTS: '3' }).maxProjects).toBe(3);
    expect(() => loadConfig({ LSP_BRIDGE_MAX_PROJECTS: '0' })).toThrow(/positive integer/);
    expect(() => loadConfig({ LSP_BRIDGE_MAX_FILE_BYTES: 'lots' })).toThrow(/positive integer/);
  });

  it('watches by default, stops watching on LSP_BRIDGE_WATCH=off, and reads the burst limit', () => {
    expect(loadConfig({}).watch).toEqual({ enabled: true, burstLimit: undefined });
    expect(loadConfig({ LSP_BRIDGE_WATCH: 'off' }).watch.enabled).toBe(false);
    expect(loadConfig({ LSP_BRIDGE_WATCH: 'ON' }).watch.enabled).toBe(true);
    expect(loadConfig({ LSP_BRIDGE_WATCH_BURST_LIMIT: '1' }).watch.burstLimit).toBe(1);
    expect(() => loadConfig({ LSP_BRIDGE_WATCH: 'sometimes' })).toThrow(/LSP_BRIDGE_WATCH "sometimes".*on or off/);
    expect(() => loadConfig({ LSP_BRIDGE_WATCH_BURST_LIMIT: '0' })).toThrow(/positive integer/);
  });
});

describe('loadConfig state directory', () => {
  it('takes LSP_BRIDGE_STATE_DIR alone when set, else the XDG state home first, and refuses a relative one', () => {
    expect(loadConfig({ LSP_BRIDGE_STATE_DIR: '/var/state/bridge', XDG_STATE_HOME: '/x' }).stateDirectories).toEqual(['/var/state/bridge']);
    expect(loadConfig({ XDG_STATE_HOME: '/x' }).stateDirectories[0]).toBe('/x/mcp-lsp-bridge');
    expect(() => loadConfig({ LSP_BRIDGE_STATE_DIR: 'state' })).toThrow(/LSP_BRIDGE_STATE_DIR must be an absolute path/);
  });
});

describe('loadConfig for the lsp backend', () => {
  it('selects typescript-language-server by default, tsgo on request, with sane timeouts', () => {
    const config = loadConfig({ LSP_BRIDGE_BACKEND: 'lsp' });
    expect(config.backend).toBe('lsp');
    expect(config.lsp).toMatchObject({
      server: 'typescript-language-server',
      command: undefined,
      requestTimeoutMs: 60_000,
      idleTimeoutMs: 600_000,
    });
    expect(loadConfig({ LSP_BRIDGE_LSP_SERVER: 'tsgo' }).lsp.server).toBe('tsgo');
    expect(loadConfig({ LSP_BRIDGE_LSP_REQUEST_TIMEOUT_MS: '500', LSP_BRIDGE_LSP_IDLE_TIMEOUT_MS: '1000' }).lsp).toMatchObject({
      requestTimeoutMs: 500,
      idleTimeoutMs: 1000,
    });
  });

  it('refuses an unknown server and a command line that is not a JSON array of strings', () => {
    expect(() => loadConfig({ LSP_BRIDGE_LSP_SERVER: 'clangd' })).toThrow(/clangd.*typescript-language-server, tsgo/);
    expect(loadConfig({ LSP_BRIDGE_LSP_COMMAND: '["node","server.js","--stdio"]' }).lsp.command).toEqual(['node', 'server.js', '--stdio']);
    expect(() => loadConfig({ LSP_BRIDGE_LSP_COMMAND: 'node server.js' })).toThrow(/JSON array/);
    expect(() => loadConfig({ LSP_BRIDGE_LSP_COMMAND: '[]' })).toThrow(/JSON array/);
  });
});
