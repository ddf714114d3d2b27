import { afterAll } from 'vitest';
import { LspSymbolIndex, findExecutable, type LanguageProfile } from '../../src/index.js';
import { TempDir } from '../fixtures.js';

/** Whether the profile's server (clangd, gopls: Debian packages `.ci/run` installs) is on the PATH. */
export function installed(profile: LanguageProfile): boolean {
  return profile.server.kind === 'executable' && findExecutable(profile.server.command, process.env['PATH'] ?? '') !== undefined;
}

/**
 * A temp project served by `profile`'s real server, for the enclosing `describe`: its files are
 * written with `dir.write`; the index and the directory go after its tests.
 */
export function serverProject(profile: LanguageProfile): { dir: TempDir; index: LspSymbolIndex; scope: ReturnType<TempDir['scope']> } {
  const dir = new TempDir();
  const index = new LspSymbolIndex({ profile });
  afterAll(async () => {
    await index.dispose();
    dir[Symbol.dispose]();
  });
  return { dir, index, scope: dir.scope() };
}
