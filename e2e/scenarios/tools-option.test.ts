import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { byNodeId, markedNode } from '../helpers/nodes.js';
import { succeeded } from '../helpers/outcomes.js';
import { RawServer } from '../helpers/raw-process.js';
import { DEFAULT_TOOLS, TOOL_NAMES } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture } from '../helpers/workspace.js';

forEachBackend((backend) => {
  const nav = useShared(() => copyFixture('navigation'));

  describe('a subset of tools', () => {
    verifies('I5-TOOLS-OPTION', 'named with --tools is all the server lists, and those tools work', async () => {
      const ws = nav();
      const add = byNodeId(ws, await markedNode(ws, 'Calculator.add'));
      await using server = await startServer({ backend, args: ['--tools', 'find_references,go_to_definition'] });

      const tools = await server.listTools();

      expect(tools.map((t) => t.name).sort()).toEqual(['find_references', 'go_to_definition']);
      expect(succeeded(await server.goToDefinition(add)).symbolName).toBe('add');
      const hover = await server.callRaw('hover', { ...add }).then(
        (outcome) => outcome.isError,
        () => true,
      );
      expect(hover, 'a tool left out of --tools must not answer').toBe(true);
    });

    verifies('I5-TOOLS-OPTION', 'can be named in LSP_BRIDGE_TOOLS instead', async () => {
      const ws = nav();
      await using server = await startServer({ backend, env: { LSP_BRIDGE_TOOLS: 'hover,document_symbols' } });

      const tools = await server.listTools();

      expect(tools.map((t) => t.name).sort()).toEqual(['document_symbols', 'hover']);
      expect(succeeded(await server.call('hover', byNodeId(ws, await markedNode(ws, 'Calculator.add')))).symbolName).toBe('add');
    });

    verifies('I5-TOOLS-OPTION', 'are the default set when --tools is not given, every tool with --tools all', async () => {
      await using server = await startServer({ backend, defaultTools: true });
      expect((await server.listTools()).map((t) => t.name)).toEqual(DEFAULT_TOOLS);

      await using all = await startServer({ backend, defaultTools: true, args: ['--tools', 'all'] });
      expect((await all.listTools()).map((t) => t.name)).toEqual(TOOL_NAMES);
    });
  });

  describe('an unknown tool name', () => {
    for (const [how, options] of [
      ['--tools', { args: ['--tools', 'find_references,no_such_tool'] }],
      ['LSP_BRIDGE_TOOLS', { env: { LSP_BRIDGE_TOOLS: 'no_such_tool' } }],
    ] as const) {
      verifies('I5-TOOLS-OPTION', `in ${how} stops the server with exit code 2 and a message naming it and the valid tools`, async () => {
        await using raw = RawServer.spawn({ backend, ...options });

        const exit = await raw.exit();

        expect(exit, raw.stderr).toEqual({ code: 2, signal: null });
        expect(raw.stderr).toContain('no_such_tool');
        for (const name of TOOL_NAMES) expect(raw.stderr).toContain(name);
        expect(raw.stdoutLines).toEqual([]);
      });
    }
  });
});
