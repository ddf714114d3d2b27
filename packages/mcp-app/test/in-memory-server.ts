import { createBridge, type Logger, type RunOperation } from '@mcp-lsp-bridge/bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';
import { createBridgeServer } from '../src/server.js';
import { PRESETS } from '@mcp-lsp-bridge/domain';
import { loadTools } from '../src/tools/all-tools.js';

const quiet: Logger = { error: () => undefined, info: () => undefined, debug: () => undefined };

export interface Connection {
  readonly client: Client;
  close(): Promise<void>;
}

/**
 * The server as serve.ts composes it (a bridge on the default backend, the chosen tools: by
 * default the default preset, as without --tools),
 * answered by the SDK's own client over an in-memory transport. The client lists the tools
 * first, as real clients do, so it then checks every structuredContent against the tool's
 * published outputSchema. `run` may replace the bridge's runner for a test (a canned answer).
 */
export async function connectServer(toolNames: readonly string[] = PRESETS.default, run?: RunOperation): Promise<Connection> {
  const bridge = createBridge({ env: {}, logger: quiet });
  const tools = await loadTools(toolNames);
  const server = createBridgeServer(tools, run ?? bridge.run, quiet);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'mcp-app-test', version: '0.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  await client.listTools();
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
      await bridge.dispose();
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
