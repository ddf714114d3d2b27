import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, JSONRPCMessage, Tool } from '@modelcontextprotocol/sdk/types.js';
import { backendEnvironment, type Backend } from './backends.js';
import { SERVER_MAIN } from './locations.js';
import type { ToolArgs, ToolErrorResult, ToolName, ToolResults } from './results.js';

/** One tool call as a client sees it. */
export interface Outcome<T> {
  /** `structuredContent`: the result object, or the error object when `isError`. */
  readonly structured: T | ToolErrorResult | undefined;
  /** All text content, joined. */
  readonly text: string;
  readonly isError: boolean;
  readonly raw: CallToolResult;
}

export interface StartOptions {
  readonly backend: Backend;
  /**
   * Offer the default tool set (what a server offers without --tools). Otherwise the suite's
   * servers offer every tool (`LSP_BRIDGE_TOOLS=all`, which `args` or `env` may override).
   */
  readonly defaultTools?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  /** Command-line arguments after the server's script (`--tools a,b`). */
  readonly args?: readonly string[];
}

/** Command and environment that start the server, for tests that drive the process themselves. */
export function serverCommand(options: StartOptions): { command: string; args: string[]; env: Record<string, string> } {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`The server is not built: ${SERVER_MAIN} is missing. Run "npx nx run mcp-app:build" first.`);
  }
  return {
    command: process.execPath,
    args: [SERVER_MAIN, ...(options.args ?? [])],
    env: {
      ...getDefaultEnvironment(),
      ...(options.defaultTools === true ? {} : { LSP_BRIDGE_TOOLS: 'all' }),
      ...backendEnvironment(options.backend),
      ...options.env,
    },
  };
}

/** The server under test, driven through the MCP SDK's own client over stdio. */
export class BridgeServer implements AsyncDisposable {
  private constructor(
    readonly client: Client,
    private readonly transport: StdioClientTransport,
    private readonly stderrChunks: string[],
  ) {}

  static async start(options: StartOptions): Promise<BridgeServer> {
    const { command, args, env } = serverCommand(options);
    const transport = new StdioClientTransport({ command, args, env, stderr: 'pipe', cwd: tmpdir() });
    const stderrChunks: string[] = [];
    transport.stderr?.on('data', (chunk: Buffer | string) => stderrChunks.push(String(chunk)));
    const client = new Client({ name: 'mcp-lsp-bridge-e2e', version: '0.0.0' });
    try {
      await client.connect(transport);
      // Like a real client: list the tools first. The SDK then checks every
      // structuredContent against the tool's outputSchema.
      await client.listTools();
    } catch (error) {
      await client.close().catch(() => undefined);
      throw new Error(`The server did not start (${backendOf(env)}): ${String(error)}\nstderr:\n${stderrChunks.join('')}`);
    }
    return new BridgeServer(client, transport, stderrChunks);
  }

  get pid(): number | null {
    return this.transport.pid;
  }

  get stderr(): string {
    return this.stderrChunks.join('');
  }

  async listTools(): Promise<Tool[]> {
    return (await this.client.listTools()).tools;
  }

  call<N extends ToolName>(tool: N, args: ToolArgs[N], options?: RequestOptions): Promise<Outcome<ToolResults[N]>> {
    return this.callRaw(tool, { ...args }, options) as Promise<Outcome<ToolResults[N]>>;
  }

  /** Any tool, any arguments: for malformed calls. Protocol errors reject. */
  async callRaw(tool: string, args: Record<string, unknown>, options?: RequestOptions): Promise<Outcome<unknown>> {
    const raw = (await this.client.callTool({ name: tool, arguments: args }, undefined, options)) as CallToolResult;
    const text = raw.content
      .filter((item): item is Extract<typeof item, { type: 'text' }> => item.type === 'text')
      .map((item) => item.text)
      .join('\n');
    return { structured: raw.structuredContent as unknown, text, isError: raw.isError === true, raw };
  }

  /**
   * Every message the server sends from now on, in wire order, recorded before the SDK
   * dispatches it (the SDK handles notifications a microtask late, after a response read in
   * the same chunk: wire order is only visible here).
   */
  recordMessages(): JSONRPCMessage[] {
    const messages: JSONRPCMessage[] = [];
    const dispatch = this.transport.onmessage;
    this.transport.onmessage = (message: JSONRPCMessage) => {
      messages.push(message);
      dispatch?.(message);
    };
    return messages;
  }

  findReferences(args: ToolArgs['find_references']): Promise<Outcome<ToolResults['find_references']>> {
    return this.call('find_references', args);
  }

  goToDefinition(args: ToolArgs['go_to_definition']): Promise<Outcome<ToolResults['go_to_definition']>> {
    return this.call('go_to_definition', args);
  }

  renameSymbol(args: ToolArgs['rename_symbol']): Promise<Outcome<ToolResults['rename_symbol']>> {
    return this.call('rename_symbol', args);
  }

  getDiagnostics(args: ToolArgs['get_diagnostics']): Promise<Outcome<ToolResults['get_diagnostics']>> {
    return this.call('get_diagnostics', args);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.client.close();
  }
}

export function startServer(options: StartOptions): Promise<BridgeServer> {
  return BridgeServer.start(options);
}

function backendOf(env: Record<string, string>): string {
  return `LSP_BRIDGE_BACKEND=${env['LSP_BRIDGE_BACKEND'] ?? ''}`;
}
