import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILTIN_PROFILES } from '@mcp-lsp-bridge/lsp-adapter';
import type { SetupProbeOptions } from '../src/index.js';

/** A project of exactly these files in a new temporary directory (real path), removed by `dispose`. */
export function project(files: Readonly<Record<string, string>>, name = 'app'): { root: string } & Disposable {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'setup-adapter-')));
  const root = path.join(base, name);
  mkdirSync(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return { root, [Symbol.dispose]: () => rmSync(base, { recursive: true, force: true }) };
}

/** The options the bridge gives for a workspace without `.lsp.json`, with the environment given. */
export function builtinOptions(env: Readonly<Record<string, string | undefined>> = process.env): SetupProbeOptions {
  return {
    env,
    backend: 'auto',
    languages: BUILTIN_PROFILES.map((profile) => ({ profile, source: 'builtin' as const })),
    compilerPolicy: undefined,
    maxFileBytes: 10_000_000,
  };
}

/** Where `command` is on PATH, as the shell finds it: the oracle for where the bridge found it. */
export function which(command: string): string | undefined {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** What a program prints for `args` (stdout and stderr). */
export function says(command: string, args: readonly string[]): string {
  return execFileSync(command, [...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
