import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, PRESETS, type OperationName } from '@mcp-lsp-bridge/domain';
import { loadTool, TOOL_NAMES } from '../src/tools/all-tools.js';
import { useToolList } from './in-memory-server.js';

const POSITION_TOOLS = [
  'find_references',
  'go_to_definition',
  'rename_symbol',
  'hover',
  'find_implementations',
  'call_hierarchy',
  'replace_symbol_body',
  'safe_delete',
];
const NEW_TOOLS = [
  'hover',
  'document_symbols',
  'workspace_symbols',
  'find_implementations',
  'call_hierarchy',
  'replace_symbol_body',
  'safe_delete',
];

const { listTools, connection: current } = useToolList();

function tool(tools: readonly Tool[], name: string): Tool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`tool ${name} is not listed`);
  return found;
}

// Nothing lists the tools: each operation's is found by its name, so a tool file missing or
// misnamed fails here (and every tool-list test), naming the file it looked for.
describe("each operation's tool", () => {
  it('is the `tool` of the file the operation name gives', async () => {
    for (const name of OPERATION_NAMES) expect((await loadTool(name)).name, name).toBe(name);
  });

  it('fails naming the file when an operation has none', async () => {
    // Not CONTRIBUTING's example, line_count: a newcomer following it adds that one.
    await expect(loadTool('no_such_operation' as OperationName)).rejects.toThrow(
      'The operation no_such_operation has no MCP tool: mcp-app/src/tools/no-such-operation.tool.ts cannot be loaded',
    );
  });

  it('says, run from the build, to build again: a tool file added since is not there yet', async () => {
    const built = (await import(/* @vite-ignore */ new URL('../dist/tools/all-tools.js', import.meta.url).href)) as {
      readonly loadTool: (name: string) => Promise<unknown>;
    };
    await expect(built.loadTool('no_such_operation')).rejects.toThrow(
      'mcp-app/src/tools/no-such-operation.tool.ts cannot be loaded (run from a build: if it exists, build @mcp-lsp-bridge/mcp-app again)',
    );
  });
});

describe('tool list', () => {
  it('offers the default preset by default (the four FS-001 tools among them), every tool with all', async () => {
    const names = (await listTools()).map((t) => t.name);
    expect(names).toEqual(TOOL_NAMES.filter((name) => (PRESETS.default as readonly string[]).includes(name)));
    expect(names).toEqual(expect.arrayContaining(['find_references', 'go_to_definition', 'rename_symbol', 'get_diagnostics', 'impact']));
    expect((await listTools(TOOL_NAMES)).map((t) => t.name)).toEqual(TOOL_NAMES);
  });

  it('offers only the selected tools, and its instructions name only them', async () => {
    const names = (await listTools(['go_to_definition', 'find_references'])).map((t) => t.name);
    expect(names).toEqual(['find_references', 'go_to_definition']);
    const instructions = current()?.client.getInstructions() ?? '';
    expect(instructions).toContain('find_references, go_to_definition.');
    expect(instructions).not.toContain('rename_symbol');
  });

  it('answers a call to a tool left out with a structured INVALID_INPUT error', async () => {
    await listTools(['hover']);
    const result = await current()?.client.callTool({ name: 'rename_symbol', arguments: { workspaceRoot: '/tmp' } });
    expect(result?.isError).toBe(true);
    expect(result?.structuredContent).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
  });

  it('lets every position-taking tool be addressed by nodeId, symbol or position, none of them required', async () => {
    const allTools = await listTools(TOOL_NAMES);
    const extraRequired: Record<string, string[]> = {
      rename_symbol: ['newName'],
      call_hierarchy: ['direction'],
      replace_symbol_body: ['mode', 'replacement'],
    };
    for (const name of POSITION_TOOLS) {
      const { inputSchema, description } = tool(allTools, name);
      expect(Object.keys(inputSchema.properties ?? {}), name).toEqual(
        expect.arrayContaining(['workspaceRoot', 'nodeId', 'filePath', 'symbol', 'line', 'column']),
      );
      expect(inputSchema.required ?? [], name).toEqual(['workspaceRoot', ...(extraRequired[name] ?? [])]);
      // Unknown arguments are refused, and clients are told so.
      expect(inputSchema['additionalProperties'], name).toBe(false);
      expect(description, name).toMatch(/by nodeId or filePath\+symbol rather than line\+column/);
    }
  });

  it('marks the read-only tools read-only and the writing ones destructive and not idempotent', async () => {
    const tools = await listTools(TOOL_NAMES);
    for (const name of [
      'find_references',
      'go_to_definition',
      'get_diagnostics',
      'hover',
      'document_symbols',
      'workspace_symbols',
      'find_implementations',
      'call_hierarchy',
    ]) {
      expect(tool(tools, name).annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    }
    for (const name of ['rename_symbol', 'replace_symbol_body', 'safe_delete']) {
      expect(tool(tools, name).annotations, name).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    }
  });

  it('tells an agent when to prefer each new tool over text search', async () => {
    const tools = await listTools(TOOL_NAMES);
    for (const name of NEW_TOOLS) {
      expect(tool(tools, name).description, name).toMatch(/instead of|prefer|cheaper than/i);
    }
  });

  it('requires success in every output schema and nothing else, so error results validate too', async () => {
    for (const t of await listTools()) {
      expect(t.outputSchema?.required, t.name).toEqual(['success']);
      expect(Object.keys(t.outputSchema?.properties ?? {}), t.name).toContain('error');
    }
  });

  it('offers the SymbolKind names as the kinds of workspace_symbols and bounds limit and depth', async () => {
    const tools = await listTools(TOOL_NAMES);
    const kinds = tool(tools, 'workspace_symbols').inputSchema.properties?.['kinds'] as { items: { enum: string[] } };
    expect(kinds.items.enum).toEqual(expect.arrayContaining(['class', 'method', 'function', 'constant', 'enumMember', 'interface']));
    expect(tool(tools, 'workspace_symbols').inputSchema.properties?.['limit']).toMatchObject({ minimum: 1, maximum: 500 });
    expect(tool(tools, 'call_hierarchy').inputSchema.properties?.['depth']).toMatchObject({ minimum: 1, maximum: 5 });
    expect(tool(tools, 'call_hierarchy').inputSchema.properties?.['direction']).toMatchObject({ enum: ['incoming', 'outgoing'] });
    expect(tool(tools, 'replace_symbol_body').inputSchema.properties?.['mode']).toMatchObject({ enum: ['replace-body', 'replace-node'] });
  });
});
