import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, it, vi } from 'vitest';
import { connectServer, type Connection } from './in-memory-server.js';

/**
 * A tool's answer is parsed with the CallToolResult schema once, by the client that reads
 * it: the server does not parse it again before writing it (issue 25: on a warm call that
 * parse cost as much as the query). Counted on the schema the SDK's client and server share.
 */
let connection: Connection | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await connection?.close();
});

it('parses a tool answer once, on the client side', async () => {
  const answer = { success: true, symbolName: 'f', definitions: [] };
  connection = await connectServer(['go_to_definition'], () => Promise.resolve(answer as never));
  const parses = vi.spyOn(CallToolResultSchema._zod, 'run');
  const result = await connection.client.callTool({
    name: 'go_to_definition',
    arguments: { workspaceRoot: '/w', filePath: 'a.ts', line: 1, column: 1 },
  });
  expect(result.structuredContent).toEqual(answer);
  expect(parses).toHaveBeenCalledTimes(1);
});
