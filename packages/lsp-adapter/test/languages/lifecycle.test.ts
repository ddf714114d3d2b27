import { ErrorCode, bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { C_CPP, GO, PYTHON, LspSymbolIndex, findExecutable, type LanguageProfile } from '../../src/index.js';
import { TempDir } from '../fixtures.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `pid` is gone, polling the process table (a signal has no completion event to await). */
async function gone(pid: number): Promise<void> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

const FILES: Record<string, [string, string]> = {
  python: ['a.py', 'answer = 42\n'],
  'c-cpp': ['a.c', 'int answer = 42;\n'],
  go: ['a.go', 'package main\n\nvar answer = 42\n'],
};

const runnable = [PYTHON, C_CPP, GO].filter(
  (p) => p.server.kind === 'package' || findExecutable(p.server.command, process.env['PATH'] ?? '') !== undefined,
);

describe.each(runnable.map((p): [string, LanguageProfile] => [p.displayName, p]))('the %s server lifecycle', (_name, profile) => {
  it('starts lazily, starts again after being killed, and leaves no process on dispose', async () => {
    using dir = new TempDir();
    if (profile === GO) dir.write('go.mod', 'module example.com/a\n\ngo 1.19\n');
    const [name, text] = FILES[profile.name] ?? ['', ''];
    const file = dir.write(name, text);
    const index = new LspSymbolIndex({ profile, requestTimeoutMs: 30_000 });
    try {
      expect(index.serverPids()).toEqual([]);
      const first = await index.outline(dir.scope(), file);
      expect(first.map((s) => s.name)).toEqual(['answer']);
      const [pid] = index.serverPids();
      if (pid === undefined) throw new Error('no server running');

      process.kill(-pid, 'SIGKILL');
      // A call may still find it dying (LANGUAGE_SERVER_ERROR); the one after starts a new server and answers.
      const again = await index.outline(dir.scope(), file).catch(async (error: unknown) => {
        expect(bridgeErrorOf(error)?.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
        return index.outline(dir.scope(), file);
      });
      expect(again.map((s) => s.name)).toEqual(['answer']);
      const [restarted] = index.serverPids();
      expect(restarted).not.toBe(pid);

      await index.dispose();
      if (restarted !== undefined) await gone(restarted);
      expect(restarted !== undefined && alive(restarted)).toBe(false);
      expect(index.serverPids()).toEqual([]);
    } finally {
      await index.dispose();
    }
  });
});
