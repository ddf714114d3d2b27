import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('defaults to the tsservice backend', () => {
    expect(loadConfig({}).backend).toBe('tsservice');
  });

  it('refuses an unknown backend, naming the supported ones', () => {
    expect(() => loadConfig({ LSP_BRIDGE_BACKEND: 'clangd' })).toThrow(ConfigError);
    expect(() => loadConfig({ LSP_BRIDGE_BACKEND: 'clangd' })).toThrow(/clangd.*tsservice/);
  });

  it('reads numeric limits and refuses nonsense', () => {
    expect(loadConfig({ LSP_BRIDGE_MAX_PROJECTS: '3' }).maxProjects).toBe(3);
    expect(() => loadConfig({ LSP_BRIDGE_MAX_PROJECTS: '0' })).toThrow(/positive integer/);
    expect(() => loadConfig({ LSP_BRIDGE_MAX_FILE_BYTES: 'lots' })).toThrow(/positive integer/);
  });
});
