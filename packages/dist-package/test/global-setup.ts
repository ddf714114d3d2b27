import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { MANIFEST, TARBALL, catalog, run, tempDir, userEnv } from './helpers/install.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A project outside the repository where the tarball was installed with npm, as a user would. */
    readonly installDir: string;
  }
}

/**
 * One `npm install` of the packed tarball for every test file: into a new project under the
 * system temporary directory, from the npm registry, with the user's environment. The
 * `test` target depends on `package`, which writes the tarball.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(TARBALL)) throw new Error(`${TARBALL} is missing: run "pnpm package" first.`);
  const installDir = await tempDir('mcp-lsp-bridge-install-');
  await writeFile(join(installDir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  // @types/node for the consumer's type check, as any TypeScript project on Node has it.
  const typesNode = `@types/node@${catalog()['@types/node'] ?? '20'}`;
  const started = Date.now();
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', TARBALL, typesNode], {
    cwd: installDir,
    env: userEnv(),
    timeoutMs: 540_000,
  });
  if (install.code !== 0) throw new Error(`npm install ${MANIFEST.name} failed (${install.code}):\n${install.stderr}`);
  process.stdout.write(`npm install of ${TARBALL} in ${installDir}: ${Math.round((Date.now() - started) / 1000)} s\n`);
  project.provide('installDir', installDir);
  return async () => {
    await rm(installDir, { recursive: true, force: true });
  };
}
