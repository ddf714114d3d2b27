#!/usr/bin/env node
import { TOOL_NAMES } from './tools/all-tools.js';
import { parseServerArgs, usage } from './server-args.js';
import { TERMINAL_NOTICE } from './terminal-notice.js';

async function main(): Promise<void> {
  const args = parseServerArgs(process.argv.slice(2), process.env, TOOL_NAMES);
  if (args.kind === 'help') {
    process.stdout.write(usage(TOOL_NAMES));
    return;
  }
  if (args.kind === 'version') {
    // The servers' descriptions and the installed versions load only for --version.
    const { versionLines } = await import('@mcp-lsp-bridge/bridge');
    process.stdout.write(versionLines('mcp-lsp-bridge').join('\n') + '\n');
    return;
  }
  if (args.kind === 'invalid') {
    // exitCode rather than exit(): the message is flushed first (stderr may be an async pipe).
    process.stderr.write(`mcp-lsp-bridge: ${args.message}\n`);
    process.exitCode = 2;
    return;
  }
  // The backends (the TypeScript compiler among them) load only to serve, so --help and a
  // bad command line answer at once.
  if (process.stdin.isTTY) process.stderr.write(TERMINAL_NOTICE);
  const { serve } = await import('./serve.js');
  await serve(args.tools, { noDaemon: args.noDaemon === true });
}

main().catch((error: unknown) => {
  process.stderr.write(`mcp-lsp-bridge: fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
