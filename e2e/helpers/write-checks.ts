import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Workspace } from './workspace.js';

const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const TEMP_SUFFIX = '.lsp-bridge.tmp';

/** `tsc --noEmit` over the workspace, the independent judge of a project left whole: its output, '' when clean. */
export function typeErrors(ws: Workspace): string {
  const run = spawnSync(process.execPath, [TSC, '--noEmit', '-p', ws.root], { encoding: 'utf8' });
  return run.status === 0 ? '' : `${run.stdout}${run.stderr}`;
}

/** Temp files of the writer anywhere under the workspace's base directory. */
export async function temps(ws: Workspace): Promise<string[]> {
  return (await readdir(ws.base, { recursive: true })).filter((name) => name.endsWith(TEMP_SUFFIX));
}
