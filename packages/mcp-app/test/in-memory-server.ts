import { createContainer, disposeContainer, loadConfig, tokens, type Logger } from '@mcp-lsp-bridge/bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';
import { ToolDefinition, toolsModule } from '../src/di/tools.module.js';
import { createBridgeServer } from '../src/server.js';
import type { ToolDefinition as Tool } from '../src/tools/tool-definition.js';

const quiet: Logger = { error: () => undefined, info: () => undefined, debug: () => undefined };

export interface Connection {
  readonly client: Client;
  close(): Promise<void>;
}

/**
 * The server as main.ts composes it (the tsservice backend, the chosen tools), answered
 * by the SDK's own client over an in-memory transport. The client lists the tools first,
 * as real clients do, so it then checks every structuredContent against the tool's
 * published outputSchema. `adjust` may swap a tool's definition (e.g. its run) for a test.
 */
export async function connectServer(toolNames?: readonly string[], adjust: (tool: Tool) => Tool = (tool) => tool): Promise<Connection> {
  const container = await createContainer(loadConfig({}), quiet, toolsModule(toolNames));
  const tools = container.getAll(ToolDefinition).map(adjust);
  const server = createBridgeServer(tools, container.get(tokens.BridgePorts), quiet, { requestTimeoutMs: 60_000 });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'mcp-app-test', version: '0.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  await client.listTools();
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
      await disposeContainer(container);
    },
  };
}

/**
 * For a test file: `listTools(names)` connects a server offering those tools (every tool by
 * default) and lists them, as a client sees them; `connection()` is the last one connected.
 * Each test's connection is closed after it.
 */
export function useToolList(): {
  listTools: (toolNames?: readonly string[]) => Promise<ListedTool[]>;
  connection: () => Connection | undefined;
} {
  let current: Connection | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    listTools: async (toolNames) => {
      await current?.close();
      current = await connectServer(toolNames);
      return (await current.client.listTools()).tools;
    },
    connection: () => current,
  };
}
