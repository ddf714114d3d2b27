import type { CallHierarchyResult, DocumentSymbolsResult, ToolError } from '@mcp-lsp-bridge/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { renderCallHierarchy } from '../src/render/call-hierarchy.render.js';
import { renderDocumentSymbols } from '../src/render/document-symbols.render.js';
import { connectServer, type Connection } from './in-memory-server.js';

/**
 * The recursive results through the SDK: the server publishes the zod schemas as JSON schema
 * ($ref for the recursion) and the SDK client checks each structuredContent against it (Ajv).
 * The bridge's runner is replaced by one answering a result built here.
 */

let connection: Connection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function answering(toolName: string, answer: unknown): Promise<Connection> {
  connection = await connectServer([toolName], () => Promise.resolve(answer as never));
  return connection;
}

const method = (name: string, line: number) => ({
  name,
  kind: 'method' as const,
  nodeId: `method:src/shapes.ts:Outer.Inner.${name}`,
  line,
  column: 5,
  endLine: line + 2,
});

const outline: DocumentSymbolsResult = {
  success: true,
  filePath: 'src/shapes.ts',
  symbols: [
    {
      name: 'Outer',
      kind: 'namespace',
      nodeId: 'namespace:src/shapes.ts:Outer',
      line: 1,
      column: 18,
      endLine: 12,
      children: [
        {
          name: 'Inner',
          kind: 'class',
          nodeId: 'class:src/shapes.ts:Outer.Inner',
          line: 2,
          column: 16,
          endLine: 11,
          children: [method('area', 3), method('scale', 7)],
        },
      ],
    },
    { name: 'LIMIT', kind: 'constant', nodeId: 'constant:src/shapes.ts:LIMIT', line: 14, column: 14, endLine: 14 },
  ],
  totalCount: 5,
  truncated: false,
};

const site = (filePath: string, line: number) => ({ filePath, line, column: 3 });
const hierarchy: CallHierarchyResult = {
  success: true,
  direction: 'incoming',
  symbol: { name: 'area', kind: 'method', nodeId: 'method:src/shapes.ts:Outer.Inner.area', filePath: 'src/shapes.ts', line: 3, column: 5 },
  calls: [
    {
      name: 'report',
      kind: 'function',
      nodeId: 'function:src/report.ts:report',
      filePath: 'src/report.ts',
      line: 4,
      column: 17,
      callSites: [site('src/report.ts', 5), site('src/report.ts', 9)],
      calls: [
        {
          name: 'main',
          kind: 'function',
          filePath: 'src/main.ts',
          line: 1,
          column: 17,
          callSites: [site('src/main.ts', 2)],
          calls: [
            {
              name: 'report',
              kind: 'function',
              nodeId: 'function:src/report.ts:report',
              filePath: 'src/report.ts',
              line: 4,
              column: 17,
              callSites: [site('src/report.ts', 12)],
              recursive: true,
            },
          ],
        },
      ],
    },
  ],
  totalCalls: 3,
  truncated: false,
};

describe('recursive output schemas through the SDK client', () => {
  it('publishes the document_symbols outline with a $ref for children', async () => {
    const { client } = await answering('document_symbols', outline);
    const [listed] = (await client.listTools()).tools;
    expect(JSON.stringify(listed?.outputSchema)).toContain('"$ref"');
  });

  it('passes a three-level outline to the client unchanged, with its tree text', async () => {
    const { client } = await answering('document_symbols', outline);
    const result = await client.callTool({ name: 'document_symbols', arguments: { workspaceRoot: '/w', filePath: 'src/shapes.ts' } });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(outline);
    expect(result.content).toEqual([{ type: 'text', text: renderDocumentSymbols(outline) }]);
  });

  it('passes a three-level call hierarchy with a recursive call to the client unchanged', async () => {
    const { client } = await answering('call_hierarchy', hierarchy);
    const result = await client.callTool({
      name: 'call_hierarchy',
      arguments: { workspaceRoot: '/w', nodeId: 'method:src/shapes.ts:Outer.Inner.area', direction: 'incoming', depth: 3 },
    });
    expect(result.structuredContent).toEqual(hierarchy);
    expect(result.content).toEqual([{ type: 'text', text: renderCallHierarchy(hierarchy) }]);
  });

  it('passes an error result, which the client checks against the same schema', async () => {
    const refusal: ToolError = { success: false, error: { code: 'AMBIGUOUS_SYMBOL', message: 'two symbols', resolution: 'pick one' } };
    const { client } = await answering('call_hierarchy', refusal);
    const result = await client.callTool({
      name: 'call_hierarchy',
      arguments: { workspaceRoot: '/w', filePath: 'a.ts', symbol: 'f', direction: 'outgoing' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(refusal);
  });

  // The SDK's server only checks the listed fields (zod ignores others), but it publishes the
  // schema with additionalProperties: false and its client enforces that: a field a result
  // carries must be in the output schema, or every real client rejects the answer.
  it('is refused by the client when a nested item carries a field the schema does not list', async () => {
    const extra = { ...outline, symbols: [{ ...outline.symbols[1], score: 3 }] };
    const { client } = await answering('document_symbols', extra);
    await expect(
      client.callTool({ name: 'document_symbols', arguments: { workspaceRoot: '/w', filePath: 'src/shapes.ts' } }),
    ).rejects.toThrow(/does not match the tool's output schema/);
  });
});
