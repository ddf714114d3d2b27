import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../src/tools/all-tools.js';
import { connectStdio } from './stdio-client.js';

const WORKFLOWS = ['understand-symbol', 'rename-safely', 'after-an-edit', 'fix-diagnostics'];

/** The tool names a text mentions (snake_case words). */
const toolsIn = (text: string): string[] => [...new Set(text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])];

describe('the workflows, as MCP prompts', () => {
  it('lists the workflows with their arguments, and the instructions name them', async () => {
    await using server = await connectStdio({ cwd: tmpdir() });
    const { prompts } = await server.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(WORKFLOWS);
    expect(prompts.find((p) => p.name === 'rename-safely')?.arguments).toEqual([
      expect.objectContaining({ name: 'symbol', required: true }),
      expect.objectContaining({ name: 'newName', required: true }),
      expect.objectContaining({ name: 'filePath', required: false }),
      expect.objectContaining({ name: 'workspaceRoot', required: false }),
    ]);
    for (const prompt of prompts) expect(prompt.description, prompt.name).toBeTruthy();
    expect(server.client.getInstructions()).toContain(`Workflows (prompts): ${WORKFLOWS.join(', ')}.`);
  });

  it('fills a workflow with its arguments, naming only tools the server offers, every one of its steps numbered', async () => {
    await using server = await connectStdio({ cwd: tmpdir() });
    const result = await server.client.getPrompt({
      name: 'rename-safely',
      arguments: { symbol: 'Calculator.add', newName: 'sum', filePath: 'src/calc.ts', workspaceRoot: '/w/app' },
    });
    const [message] = result.messages;
    expect(message?.role).toBe('user');
    const text = message?.content.type === 'text' ? message.content.text : '';
    expect(text).toMatch(/^Rename Calculator\.add \(declared in src\/calc\.ts\) to sum in the workspace \/w\/app\./);
    expect(toolsIn(text)).toEqual(['find_references', 'rename_symbol', 'get_diagnostics']);
    expect(text).toContain('dryRun: true');
    expect(text.match(/^\d+\. /gm)).toEqual(['1. ', '2. ', '3. ', '4. ']);
    for (const name of WORKFLOWS) {
      const prompt = await server.client.getPrompt({ name, arguments: { symbol: 'x', newName: 'y', filePath: 'a.ts' } });
      const body = prompt.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
      expect(toolsIn(body).length, name).toBeGreaterThan(0);
      for (const tool of toolsIn(body)) expect(TOOL_NAMES, `${name} names ${tool}`).toContain(tool);
    }
  });

  it('lists only the workflows whose tools are offered, and leaves out the steps of tools that are not', async () => {
    await using server = await connectStdio({ cwd: tmpdir(), args: ['--tools', 'core'] });
    expect((await server.client.listPrompts()).prompts.map((p) => p.name)).toEqual(WORKFLOWS);
    const understand = await server.client.getPrompt({ name: 'understand-symbol', arguments: { symbol: 'parse' } });
    const text = understand.messages[0]?.content.type === 'text' ? understand.messages[0].content.text : '';
    expect(toolsIn(text)).toEqual(['go_to_definition', 'find_references']);

    // No workflow fits hover alone: the server then declares no prompts at all, as the protocol has it.
    await using hoverOnly = await connectStdio({ cwd: tmpdir(), args: ['--tools', 'hover'] });
    expect(hoverOnly.client.getServerCapabilities()?.prompts).toBeUndefined();
    expect(server.client.getServerCapabilities()?.prompts).toBeDefined();
  });

  it('refuses a workflow without its required argument', async () => {
    await using server = await connectStdio({ cwd: tmpdir() });
    await expect(server.client.getPrompt({ name: 'after-an-edit', arguments: {} })).rejects.toThrow(/filePath/);
  });
});
