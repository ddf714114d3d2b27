#!/usr/bin/env node
// Runs the four tools of the built MCP server on a copy of examples/demo, through a real
// MCP client over stdio, and prints what an agent would read.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const workspaceRoot = mkdtempSync(join(tmpdir(), 'mcp-lsp-bridge-demo-'));
cpSync(join(repo, 'examples/demo'), workspaceRoot, { recursive: true });

/** 1-based line and column of the n-th occurrence of `needle` in a file of the demo. */
function positionOf(file, needle, occurrence = 1) {
  const lines = readFileSync(join(workspaceRoot, file), 'utf8').split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    let from = 0;
    for (let at = lines[i].indexOf(needle, from); at !== -1; at = lines[i].indexOf(needle, from)) {
      if (++seen === occurrence) return { line: i + 1, column: Array.from(lines[i].slice(0, at)).length + 1 };
      from = at + needle.length;
    }
  }
  throw new Error(`${needle} not found in ${file}`);
}

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [join(repo, 'packages/mcp-app/dist/main.js')],
  // In process: the demo's copy is removed at the end, and no background server should outlive it.
  env: { ...process.env, LSP_BRIDGE_BACKEND: process.env.LSP_BRIDGE_BACKEND ?? 'tsservice', LSP_BRIDGE_DAEMON: 'off' },
  stderr: 'inherit',
});
const client = new Client({ name: 'demo', version: '1.0.0' });
await client.connect(transport);

async function show(title, name, args) {
  console.log(`\n=== ${title}\n> ${name} ${JSON.stringify({ ...args, workspaceRoot: '<demo>' })}`);
  const started = performance.now();
  const result = await client.callTool({ name, arguments: { workspaceRoot, ...args } });
  console.log(result.content.map((c) => c.text).join('\n'));
  console.log(`(${(performance.now() - started).toFixed(0)} ms)`);
}

try {
  const tools = await client.listTools();
  console.log(`Server tools: ${tools.tools.map((t) => t.name).join(', ')}`);
  console.log(`Demo project copied to ${workspaceRoot}`);
  await show('Every reference to parseConfig (the comment mentioning it is not one)', 'find_references', {
    filePath: 'src/config.ts',
    ...positionOf('src/config.ts', 'parseConfig'),
  });
  await show('Where is describe defined?', 'go_to_definition', { filePath: 'src/main.ts', ...positionOf('src/main.ts', 'describe(') });
  await show('Type errors in the whole project', 'get_diagnostics', {});
  await show('The outline of a file, with node ids', 'document_symbols', { filePath: 'src/config.ts' });
  await show('Search the workspace by part of a name', 'workspace_symbols', { query: 'conf' });
  await show('Signature and docs, addressed by name (no column arithmetic)', 'hover', { filePath: 'src/config.ts', symbol: 'parseConfig' });
  await show('Who calls describe? (addressed by node id)', 'call_hierarchy', {
    nodeId: 'function:src/server.ts:describe',
    direction: 'incoming',
  });
  await show('Replace the body of describe on disk; the new diagnostics come back', 'replace_symbol_body', {
    nodeId: 'function:src/server.ts:describe',
    mode: 'replace-body',
    replacement: 'return `${config.host}:${config.port}/`;',
  });
  await show('Rename parseConfig to loadConfig on disk', 'rename_symbol', {
    filePath: 'src/main.ts',
    ...positionOf('src/main.ts', 'parseConfig', 2),
    newName: 'loadConfig',
  });
  await show('A position inside a string is refused, with the identifiers on that line', 'find_references', {
    filePath: 'src/server.ts',
    ...positionOf('src/server.ts', 'localhost'),
  });
} finally {
  await client.close();
  rmSync(workspaceRoot, { recursive: true, force: true });
}
