#!/usr/bin/env node
// A Claude Code PostToolUse hook (hooks.json beside this file): after Edit, MultiEdit or
// Write of a file, the errors the compiler or the file's language server finds in it go back
// to Claude. Exit 2 with the errors on stderr is how a PostToolUse hook speaks to Claude; exit 0
// (no output) when the file has none. Warnings and hints are left out: they are not news.
//
// Which files are checked is the CLI's own rule, not a list here: every language the workspace
// is served in (TypeScript/JavaScript, Python, C/C++, Go, and what its .lsp.json configures).
// The CLI refuses a file of any other language with UNSUPPORTED_FILE_TYPE, and the hook then
// says nothing.
//
// The CLI is the installed `lsp-bridge` (the plugin's MCP server is the installed
// `mcp-lsp-bridge` of the same package); LSP_BRIDGE_HOOK_CLI names another one, and
// LSP_BRIDGE_HOOK=off turns the hook off. Its background server keeps the project loaded
// between edits.
import { spawn } from 'node:child_process';
import { dirname, isAbsolute, resolve } from 'node:path';

const MAX_LISTED = 20;

const payload = JSON.parse(await readStdin());
const cwd = typeof payload.cwd === 'string' ? payload.cwd : process.cwd();
const given = payload.tool_input?.file_path;
if (process.env.LSP_BRIDGE_HOOK === 'off' || typeof given !== 'string') process.exit(0);
const file = isAbsolute(given) ? given : resolve(cwd, given);

const configured = process.env.LSP_BRIDGE_HOOK_CLI;
const cli = configured === undefined || configured === '' ? 'lsp-bridge' : configured;
// From the file's directory, so the workspace root is the nearest project above the file.
const outcome = await runCli(cli, ['diag', file, '--json'], dirname(file));

if (outcome.missing) {
  // Not Claude's business: the user sees it and can install the commands or turn the hook off.
  process.stderr.write(
    `${cli} is not installed (not on PATH): install mcp-lsp-bridge (its README, "Use it"), or set LSP_BRIDGE_HOOK=off.\n`,
  );
  process.exit(1);
}
let result;
try {
  result = JSON.parse(outcome.stdout);
} catch {
  // The CLI failed before answering: tell the user, not Claude.
  process.stderr.write(`lsp-bridge diag ${file} failed (exit ${outcome.code}): ${outcome.stderr.trim().split('\n')[0] ?? ''}\n`);
  process.exit(1);
}
if (result.success !== true) {
  // A file of no language the workspace serves: nothing to check.
  if (result.error?.code === 'UNSUPPORTED_FILE_TYPE') process.exit(0);
  process.stderr.write(`lsp-bridge diag ${file}: ${result.error?.code ?? 'error'}: ${result.error?.message ?? ''}\n`);
  process.exit(1);
}
const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
if (errors.length === 0) process.exit(0);
const listed = errors.slice(0, MAX_LISTED).map((d) => `  ${d.filePath}:${d.line}:${d.column} ${d.code} ${d.message.split('\n')[0]}`);
const more = errors.length > MAX_LISTED ? [`  … and ${errors.length - MAX_LISTED} more (lsp-bridge diag ${file})`] : [];
// A TypeScript compiler answered when the result names one; a language server's errors are just errors.
const kind = result.compiler === undefined ? '' : 'TypeScript ';
process.stderr.write(
  [`${errors.length} ${kind}error${errors.length === 1 ? '' : 's'} in ${given} after this edit:`, ...listed, ...more].join('\n') + '\n',
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

function runCli(command, argv, dir) {
  return new Promise((done) => {
    const child = spawn(command, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => done({ code: -1, stdout, stderr: error.message, missing: error.code === 'ENOENT' }));
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr, missing: false }));
  });
}
