import { ErrorCode, bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { customServer, LspSymbolIndex, MAX_RESTARTS, typescriptLanguageServer } from '../src/index.js';
import { CRASHING_SERVER, TempDir } from './fixtures.js';

async function codeOf(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    return bridgeErrorOf(error)?.code;
  }
}

describe('the language server lifecycle', () => {
  it('fails calls with LANGUAGE_SERVER_ERROR when the server crashes, restarts it, and gives up after the restart limit', async () => {
    using dir = new TempDir();
    const file = dir.write('src/a.ts', 'export const a = 1;\n');
    const script = dir.write('crash.cjs', CRASHING_SERVER);
    const index = new LspSymbolIndex({ profile: customServer([process.execPath, script]), requestTimeoutMs: 10_000 });
    try {
      const messages: string[] = [];
      for (let call = 0; call <= MAX_RESTARTS; call++) {
        const thrown = await index.definitions(dir.scope(), { path: file, offset: 13 }).catch((error: unknown) => error);
        expect(bridgeErrorOf(thrown)?.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
        messages.push(bridgeErrorOf(thrown)?.message ?? '');
      }
      expect(messages[0]).toMatch(/exited with code 3/);
      const refused = await index.definitions(dir.scope(), { path: file, offset: 13 }).catch((error: unknown) => error);
      expect(bridgeErrorOf(refused)?.message).toMatch(/crashed \d+ times within 5 minutes/);
      expect(index.serverPids()).toEqual([]);
    } finally {
      await index.dispose();
    }
  });

  it('counts a crash once however many calls wait for the restart (found by the random-fault test)', async () => {
    using dir = new TempDir();
    dir.write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }));
    const lib = dir.write('src/lib.ts', 'export function twice(n: number): number {\n  return n * 2;\n}\n');
    const index = new LspSymbolIndex({ profile: typescriptLanguageServer });
    const at = { path: lib, offset: 'export function '.length };
    try {
      await index.definitions(dir.scope(), at);
      // MAX_RESTARTS crashes, each followed by six calls at once: each crash is one restart, within the limit.
      for (let crash = 0; crash < MAX_RESTARTS; crash++) {
        const pids = index.serverPids();
        expect(pids).toHaveLength(1);
        for (const pid of pids) process.kill(pid, 'SIGKILL');
        for (let waited = 0; index.serverPids().length > 0 && waited < 100; waited++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const codes = await Promise.all(Array.from({ length: 6 }, () => codeOf(index.definitions(dir.scope(), at))));
        expect(codes, `after crash ${crash + 1}`).toEqual(Array.from({ length: 6 }, () => undefined));
      }
    } finally {
      await index.dispose();
    }
  });

  it('starts typescript-language-server lazily, answers, and stops it on dispose', async () => {
    using dir = new TempDir();
    dir.write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }));
    const lib = dir.write('src/lib.ts', 'export function twice(n: number): number {\n  return n * 2;\n}\n');
    const app = dir.write('src/app.ts', "import { twice } from './lib';\nexport const four = twice(2);\n");
    const index = new LspSymbolIndex({ profile: typescriptLanguageServer });
    try {
      expect(index.serverPids()).toEqual([]);
      const definitions = await index.definitions(dir.scope(), {
        path: app,
        offset: "import { twice } from './lib';\nexport const four = ".length,
      });
      expect(definitions).toEqual([{ path: lib, start: 'export function '.length, length: 5 }]);
      const references = await index.references(dir.scope(), { path: lib, offset: 'export function '.length });
      expect(references.references.map((r) => [r.path, r.start]).sort()).toEqual(
        [
          [lib, 'export function '.length],
          [app, 'import { '.length],
          [app, "import { twice } from './lib';\nexport const four = ".length],
        ].sort(),
      );
      const [pid] = index.serverPids();
      expect(pid).toBeDefined();
      await index.dispose();
      expect(() => process.kill(pid ?? -1, 0), String(pid)).toThrow();
    } finally {
      await index.dispose();
    }
  });

  it('sees an edit made on disk between two calls', async () => {
    using dir = new TempDir();
    dir.write('tsconfig.json', JSON.stringify({ include: ['src'] }));
    const file = dir.write('src/a.ts', 'export const a: number = 1;\n');
    const index = new LspSymbolIndex({ profile: typescriptLanguageServer });
    try {
      expect(await index.diagnostics(dir.scope(), file)).toEqual([]);
      dir.write('src/a.ts', "export const a: number = 'x';\n");
      const after = await index.diagnostics(dir.scope(), file);
      expect(after.map((d) => d.code)).toEqual([2322]);
      expect(await codeOf(index.diagnostics(dir.scope(), dir.write('src/bin.ts', 'a\0b')))).toBe(ErrorCode.FILE_UNREADABLE);
    } finally {
      await index.dispose();
    }
  });
});
