#!/usr/bin/env node
// A Claude Code PostToolUse hook (hooks.json beside this file): after Edit, MultiEdit or
// Write of a TypeScript or JavaScript file, the compiler's errors in that file go back to
// Claude. Exit 2 with the errors on stderr is how a PostToolUse hook speaks to Claude; exit 0
// (no output) when the file has none. Warnings and hints are left out: they are not news.
//
// The CLI is `npx -y -p mcp-lsp-bridge lsp-bridge`, the same package as the MCP server; set
// LSP_BRIDGE_HOOK_CLI to an installed `lsp-bridge` to skip npx, or LSP_BRIDGE_HOOK=off to
// turn the hook off. Its background server keeps the project loaded between edits.
import { spawn } from 'node:child_process';
import { dirname, isAbsolute, resolve } from 'node:path';

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const MAX_LISTED = 20;

const payload = JSON.parse(await readStdin());
const cwd = typeof payload.cwd === 'string' ? payload.cwd : process.cwd();
const given = payload.tool_input?.file_path;
if (process.env.LSP_BRIDGE_HOOK === 'off' || typeof given !== 'string' || !SOURCE.test(given)) process.exit(0);
const file = isAbsolute(given) ? given : resolve(cwd, given);

const cli = process.env.LSP_BRIDGE_HOOK_CLI;
const [command, args] = cli === undefined || cli === '' ? ['npx', ['-y', '-p', 'mcp-lsp-bridge', 'lsp-bridge']] : [cli, []];
// From the file's directory, so the workspace root is the nearest project above the file.
const outcome = await runCli(command, [...args, 'diag', file, '--json'], dirname(file));

let result;
try {
  result = JSON.parse(outcome.stdout);
} catch {
  // The CLI failed before answering (npx or the file itself): tell the user, not Claude.
  process.stderr.write(`lsp-bridge diag ${file} failed (exit ${outcome.code}): ${outcome.stderr.trim().split('\n')[0] ?? ''}\n`);
  process.exit(1);
}
if (result.success !== true) {
  process.stderr.write(`lsp-bridge diag ${file}: ${result.error?.code ?? 'error'}: ${result.error?.message ?? ''}\n`);
  process.exit(1);
}
const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
if (errors.length === 0) process.exit(0);
const listed = errors.slice(0, MAX_LISTED).map((d) => `  ${d.filePath}:${d.line}:${d.column} ${d.code} ${d.message.split('\n')[0]}`);
const more = errors.length > MAX_LISTED ? [`  … and ${errors.length - MAX_LISTED} more (lsp-bridge diag ${file})`] : [];
process.stderr.write(
  [`${errors.length} TypeScript error${errors.length === 1 ? '' : 's'} in ${given} after this edit:`, ...listed, ...more].join('\n') + '\n',
);
process.exit(2);

function readStdin() {
  return new Promise((done, fail) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => done(text));
    process.stdin.on('error', fail);
  });
}

function runCli(file, argv, dir) {
  return new Promise((done) => {
    const child = spawn(file, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => done({ code: -1, stdout, stderr: error.message }));
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}
