import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** The built bin (the test target depends on this package's build), started as a client starts it. */
export const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export interface StdioConnection extends AsyncDisposable {
  readonly client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
}

/**
 * A real MCP client (the SDK's) connected over stdio to the built server, started in `cwd`
 * with `args`: how Claude Code and every other client meet it. `capabilities` are the client's.
 */
export async function connectStdio(
  options: { readonly cwd: string; readonly args?: readonly string[]; readonly env?: Record<string, string> } & Pick<
    ClientOptions,
    'capabilities'
  >,
): Promise<StdioConnection> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npx nx run @mcp-lsp-bridge/mcp-app:build" first.`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, ...(options.args ?? [])],
    env: { ...getDefaultEnvironment(), ...options.env },
    stderr: 'pipe',
    cwd: options.cwd,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'mcp-app-stdio-test', version: '0.0.0' }, { capabilities: options.capabilities ?? {} });
  await client.connect(transport);
  return { client, stderr: () => stderr, [Symbol.asyncDispose]: () => client.close() };
}
