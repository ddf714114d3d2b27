import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cliEnv } from './run-cli.js';
import { SERVER_MAIN } from './paths.js';

/** The built MCP server (every tool: the CLI has a command for each), driven by the SDK's client, to compare its answers with the CLI's. */
export class McpServer implements AsyncDisposable {
  private constructor(private readonly client: Client) {}

  static async start(backend: string): Promise<McpServer> {
    const env = cliEnv({ LSP_BRIDGE_BACKEND: backend });
    // Every tool: the CLI has a command for each, the default tool list offers fewer.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_MAIN, '--tools', 'all'],
      env,
      cwd: tmpdir(),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'cli-app-test', version: '0.0.0' });
    await client.connect(transport);
    await client.listTools();
    return new McpServer(client);
  }

  /** The `structuredContent` of a call: the result object, or the `{ success: false, error }` object. */
  async structured(tool: string, args: Record<string, unknown>): Promise<unknown> {
    const result = (await this.client.callTool({ name: tool, arguments: args })) as CallToolResult;
    return result.structuredContent;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.client.close();
  }
}
