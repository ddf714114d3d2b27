// The bridge as an agent sees it: its MCP server (packages/mcp-app/dist) through the MCP SDK's own
// client, one server for the whole run (each call names its workspaceRoot).
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const sdkRoot = (appMain) => join(dirname(appMain), '../node_modules/@modelcontextprotocol/sdk/dist/esm');

export class BridgeClient {
  constructor(appMain) {
    this.appMain = appMain;
  }
  async connect() {
    const { Client } = await import(pathToFileURL(join(sdkRoot(this.appMain), 'client/index.js')).href);
    const { StdioClientTransport } = await import(pathToFileURL(join(sdkRoot(this.appMain), 'client/stdio.js')).href);
    this.transport = new StdioClientTransport({
      command: process.execPath,
      args: [this.appMain],
      env: { ...process.env },
      stderr: 'ignore',
    });
    this.client = new Client({ name: 'real-projects', version: '0' });
    await this.client.connect(this.transport);
  }
  /** `{ ok: true, result }` or `{ ok: false, error: { code, message } }`. */
  async call(name, args) {
    const r = await this.client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 });
    const s = r.structuredContent;
    if (!r.isError && s?.success !== false) return { ok: true, result: s };
    const error = s?.error ?? { code: 'UNSTRUCTURED', message: r.content?.map((c) => c.text).join('\n') };
    return { ok: false, error: { code: error.code, message: error.message } };
  }
  close() {
    return this.client.close();
  }
}
