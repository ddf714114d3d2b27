#!/usr/bin/env node
import { runCli } from './cli.js';
import { ExitCode } from './exit-codes.js';
import type { OutputStream } from './io.js';

const interrupt = new AbortController();
// The first Ctrl-C cancels the call (the backend stops between files) and exits with 130.
// `once` then restores the default action, so a second Ctrl-C ends the process at once,
// even in the middle of synchronous type-checking.
process.once('SIGINT', () => interrupt.abort(new Error('interrupted by Ctrl-C')));
// SIGTERM likewise: a rename in progress is finished (or not started), never cut in half.
process.once('SIGTERM', () => interrupt.abort(new Error('terminated (SIGTERM)')));

// `lsp-bridge refs … | head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(ExitCode.OK);
  throw error;
});

function streamOf(stream: NodeJS.WriteStream): OutputStream {
  return {
    write: (text) => void stream.write(text),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
  };
}

// Touched only when a command reads it, so the others never hold stdin open.
const stdin = {
  get isTTY(): boolean {
    return process.stdin.isTTY;
  },
  async read(): Promise<string> {
    let text = '';
    for await (const chunk of process.stdin.setEncoding('utf8')) text += String(chunk);
    return text;
  },
};

function exit(code: number): void {
  // Exit once stdout has taken everything, even when it is a slow pipe.
  process.stdout.write('', () => process.exit(code));
}

runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: streamOf(process.stdout),
  stderr: streamOf(process.stderr),
  stdin,
  signal: interrupt.signal,
}).then(exit, (error: unknown) => {
  process.stderr.write(`lsp-bridge: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  exit(ExitCode.TOOL_ERROR);
});
