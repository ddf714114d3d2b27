import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLI_MAIN } from './locations.js';

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built `lsp-bridge` in `cwd`, output piped, in-process: `LSP_BRIDGE_DAEMON=off`, so
 * no background server (which would outlive the test) answers it, with the test's environment
 * minus its colour and `LSP_BRIDGE_*` settings. `extraEnv` is added last: the background
 * server's own scenarios turn it on there, in a runtime directory of their own.
 */
export function runCli(args: readonly string[], cwd: string, extraEnv: Readonly<Record<string, string>> = {}): Promise<CliRun> {
  if (!existsSync(CLI_MAIN))
    throw new Error(`The CLI is not built: ${CLI_MAIN} is missing. Run "npx nx run @mcp-lsp-bridge/cli-app:build".`);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !/^(NO_COLOR|FORCE_COLOR|LSP_BRIDGE_.*)$/.test(name)) env[name] = value;
  const child = spawn(process.execPath, [CLI_MAIN, ...args], {
    cwd,
    env: { ...env, LSP_BRIDGE_DAEMON: 'off', ...extraEnv },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The `path:line:col` each output line starts with (results, not the summary), in output order. */
export function locationsOf(run: CliRun): string[] {
  return run.stdout.split('\n').flatMap((line) => /^(\S+?:\d+:\d+)\s/.exec(line)?.[1] ?? []);
}
