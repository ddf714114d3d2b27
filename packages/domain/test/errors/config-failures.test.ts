import { describe, expect, it } from 'vitest';
import { isFatalConfigError, unusableConfig, unusableLspConfig } from '../../src/errors/config-failures.js';

describe('config failures', () => {
  it('refuses configs TypeScript cannot use, and only those', () => {
    for (const code of [1005, 1136, 5083, 5092, 6053, 18000]) expect(isFatalConfigError(code)).toBe(true);
    for (const code of [18003, 5023, 2307]) expect(isFatalConfigError(code)).toBe(false);
  });

  it('names the broken file of an extends chain, where it breaks, and the config that extends it', () => {
    const error = unusableConfig('/w', '/w/tsconfig.json', {
      code: 1005,
      text: "'}' expected.",
      file: '/w/base.json',
      at: { line: 3, column: 7 },
    });
    expect(error).toMatchObject({
      code: 'CONFIG_NOT_FOUND',
      message: "base.json (extended by tsconfig.json) is not valid JSON at line 3, column 7: '}' expected.",
      resolution: 'Fix the JSON syntax of base.json, then retry.',
    });
  });

  it("names TypeScript's paths relative to the root", () => {
    const error = unusableConfig('/w', '/w/tsconfig.json', { code: 5083, text: "Cannot read file '/w/missing.json'." });
    expect(error.message).toBe("tsconfig.json cannot be used: the file it extends was not found (Cannot read file 'missing.json'.)");
  });

  it('names the field of a .lsp.json that breaks a rule, or the whole file', () => {
    expect(unusableLspConfig('/w/.lsp.json', { kind: 'invalid-field', field: 'py.command', rule: 'must be a string' }).message).toBe(
      'The language server config /w/.lsp.json is not usable: "py.command" must be a string',
    );
    expect(unusableLspConfig('/w/cfg/servers.json', { kind: 'invalid-field' })).toMatchObject({
      message: 'The language server config /w/cfg/servers.json is not usable: "(the whole file)" is invalid',
      resolution: expect.stringMatching(/^Fix servers\.json: an object of servers/) as unknown,
    });
  });

  it('asks to create the file a setting names when it does not exist, or to point the setting elsewhere, not to fix it', () => {
    const error = unusableLspConfig('/w/conf.json', { kind: 'named-file-missing', setting: 'LSP_BRIDGE_CONFIG' });
    expect(error.message).toBe('The language server config /w/conf.json is not usable: LSP_BRIDGE_CONFIG names a file that does not exist');
    expect(error.resolution).toMatch(/^Create \/w\/conf\.json \(an object of servers, /);
    expect(error.resolution).toContain(
      "or set LSP_BRIDGE_CONFIG to an existing file, or unset it to use the workspace's .lsp.json; then call again.",
    );
    expect(error.resolution).not.toContain('Fix ');
  });
});
