/**
 * The empty round trip: an MCP SDK server over stdio with one tool that does nothing. What it
 * costs to start (spawn → initialize → tools/list) and to answer a call is the floor every MCP
 * server pays, whatever it does: the bench shows the bridge's figures against it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'empty', version: '0.0.0' });
server.registerTool('noop', { description: 'Does nothing.', inputSchema: { workspaceRoot: z.string() } }, () => ({
  content: [{ type: 'text', text: 'ok' }],
}));
await server.connect(new StdioServerTransport());
