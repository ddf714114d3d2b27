import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLI_MAIN } from './paths.js';

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly cwd: string;
  /** Added to an environment without the colour variables of the test run. */
  readonly env?: Readonly<Record<string, string>>;
  /** Piped to stdin (which is otherwise /dev/null). */
  readonly input?: string;
  /** Node's own options, before the script (`--import`). */
  readonly nodeOptions?: readonly string[];
}

/**
 * The environment of a run: the test's own, without what would change colours or the backend,
 * and without a background server (the daemon tests ask for one, in a directory of their own).
 */
export function cliEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(NO_COLOR|FORCE_COLOR|LSP_BRIDGE_.*)$/.test(name)) env[name] = value;
  }
  return { ...env, LSP_BRIDGE_DAEMON: 'off', ...extra };
}

/** Runs the built `lsp-bridge` with its output piped. */
export function runCli(args: readonly string[], options: RunOptions): Promise<CliRun> {
  if (!existsSync(CLI_MAIN))
    throw new Error(`The CLI is not built: ${CLI_MAIN} is missing. Run "npx nx run @mcp-lsp-bridge/cli-app:build".`);
  const child = spawn(process.execPath, [...(options.nodeOptions ?? []), CLI_MAIN, ...args], {
    cwd: options.cwd,
    env: cliEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Closed at once, empty, when nothing is to be piped: a run never waits on stdin.
  child.stdin.end(options.input ?? '');
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The `--json` result of a run. */
export function jsonOf(run: CliRun): unknown {
  try {
    return JSON.parse(run.stdout) as unknown;
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
}
