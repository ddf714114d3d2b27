import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Backend } from './backends.js';
import type { CompilerItem } from './results.js';

const require = createRequire(import.meta.url);

/**
 * An installed TypeScript, found as Node finds it from this package: `typescript` (the version
 * the bridge bundles), or an aliased dev dependency (`typescript-6` is `npm:typescript@6.0.3`).
 * Its directory and version are the oracle for what a result says answered.
 */
export function installedTypeScript(alias: string): { readonly version: string; readonly path: string } {
  const manifest = require.resolve(`${alias}/package.json`);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { version, path: realpathSync(dirname(manifest)) };
}

/**
 * The compiler that answers, on each backend of the suite, a project without a `typescript` of
 * its own: the bundled TypeScript 5.9 (in process for auto and tsservice, as
 * typescript-language-server's tsserver for lsp), and TypeScript 7 for tsgo.
 */
export function bundledCompiler(backend: Backend): CompilerItem {
  const { version, path } = installedTypeScript(backend === 'tsgo' ? 'typescript-7' : 'typescript');
  return { version, source: 'bundled', path };
}

const tscRuns = new Map<string, string[]>();

/**
 * The oracle: what the `tsc` of the TypeScript at `compilerPath` reports for the project in
 * `project` (a directory relative to `root`), as `file:line:column TScode` with files relative
 * to `root`, sorted. Run once per fixture, project and compiler (`key` names the fixture: every
 * backend's copy of it has the same content).
 */
export function tscErrors(compilerPath: string, root: string, project: string, key: string): string[] {
  const cacheKey = `${compilerPath}\0${key}\0${project}`;
  let errors = tscRuns.get(cacheKey);
  if (errors === undefined) {
    const run = spawnSync(process.execPath, [join(compilerPath, 'bin', 'tsc'), '--noEmit', '--pretty', 'false', '-p', project], {
      cwd: root,
      encoding: 'utf8',
    });
    errors = [...run.stdout.matchAll(/^(.+)\((\d+),(\d+)\): error (TS\d+):/gm)]
      .map((m) => `${m[1] ?? ''}:${m[2] ?? ''}:${m[3] ?? ''} ${m[4] ?? ''}`)
      .sort();
    tscRuns.set(cacheKey, errors);
  }
  return errors;
}
