import { runCli } from '../../src/cli.js';
import type { OutputStream } from '../../src/io.js';
import type { CliRun } from './run-cli.js';

class Captured implements OutputStream {
  text = '';
  readonly isTTY = false;
  write(text: string): void {
    this.text += text;
  }
}

/** `runCli` in this process, output captured: for what needs no language service. */
export async function runInProcess(argv: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const stdout = new Captured();
  const stderr = new Captured();
  const code = await runCli(argv, {
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
    stdout,
    stderr,
    signal: new AbortController().signal,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
