import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { backgroundServerLost, backgroundServerSettings, backgroundServerWanted } from '../../src/rules/background-server.js';

describe('whether calls go to a background server', () => {
  it('does by default, and not when the caller opts out', () => {
    expect(backgroundServerWanted({}, false)).toBe(true);
    expect(backgroundServerWanted({}, true)).toBe(false);
    expect(backgroundServerWanted({ LSP_BRIDGE_DAEMON: 'on' }, true)).toBe(false);
  });

  it.each(['off', 'OFF', '0', 'false'])('does not with LSP_BRIDGE_DAEMON=%s', (value) => {
    expect(backgroundServerWanted({ LSP_BRIDGE_DAEMON: value }, false)).toBe(false);
  });

  it('does not under CI=true unless LSP_BRIDGE_DAEMON asks for one', () => {
    expect(backgroundServerWanted({ CI: 'true' }, false)).toBe(false);
    expect(backgroundServerWanted({ CI: 'true', LSP_BRIDGE_DAEMON: 'on' }, false)).toBe(true);
    expect(backgroundServerWanted({ CI: 'true', LSP_BRIDGE_DAEMON: '1' }, false)).toBe(true);
    expect(backgroundServerWanted({ CI: 'false' }, false)).toBe(true);
  });
});

describe('the settings that tell background servers apart', () => {
  it("are the LSP_BRIDGE_ settings, sorted, without the fronts' own", () => {
    const env = {
      LSP_BRIDGE_TOOLS: 'core',
      LSP_BRIDGE_MAX_PROJECTS: '3',
      LSP_BRIDGE_DAEMON: 'on',
      PATH: '/bin',
      LSP_BRIDGE_BACKEND: 'lsp',
      LSP_BRIDGE_UNSET: undefined,
    };
    expect(backgroundServerSettings(env)).toEqual([
      ['LSP_BRIDGE_BACKEND', 'lsp'],
      ['LSP_BRIDGE_MAX_PROJECTS', '3'],
    ]);
  });
});

describe('a call whose background server went away', () => {
  it('is a LANGUAGE_SERVER_ERROR naming the operation and why', () => {
    const lost = backgroundServerLost('find_references', 'connection closed', false);
    expect(lost.error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(lost.error.message).toContain('find_references');
    expect(lost.error.message).toContain('connection closed');
    expect(lost.error.resolution).toContain('LSP_BRIDGE_DAEMON=off');
  });

  it('says, for a write, that its files were written all or none and what to check', () => {
    const lost = backgroundServerLost('rename_symbol', 'killed', true);
    expect(lost.error.message).toContain('all or none');
    expect(lost.error.resolution).toContain('git diff');
  });
});
