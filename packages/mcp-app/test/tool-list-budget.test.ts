import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { TOOL_PRESETS } from '../src/server-args.js';
import { TOOL_NAMES } from '../src/tools/all-tools.js';
import { ADDRESSING } from '../src/tools/schemas.js';
import { useToolList } from './in-memory-server.js';

/*
 * What tools/list costs an agent: a client puts every tool's name, description and input schema
 * (and, for some, the output schema) into the model's context on every turn. Issue 16 measured
 * ~19,600 characters without output schemas and ~38,600 with them for the ten tools (this test's
 * own measure gave 20,126 and 37,355 before the cut: schemas that explained each shared field in
 * every tool, prose in the output schemas, and ±2^53 bounds on every integer).
 *
 * The budgets are the figures after the cut plus about 5%: room for one more optional parameter,
 * not for a new tool or new prose; exceeding them is a decision to take on purpose, raising the
 * number here with the reason. Tokens are estimated at 3.5 characters a token, issue 16's own
 * ratio (Claude's tokenizer is not published; OpenAI's o200k counted 4.2 characters a token on
 * this list, so the estimate errs on the costly side).
 *
 * Raised on purpose: 24,000 → 24,500 with output schemas for rename_symbol's `publicApi` (issue 13:
 * the entry points whose exports a rename changes, 264 characters of schema; the list was 79 under).
 *
 * Issue 26 (more tools than an agent should pay for by default): the budgets apply to the default
 * set (the `default` preset, what a server offers without --tools), and without output schemas it
 * is 12,000, the issue's figure. To make room the shared address fields were cut (no minLength on
 * the optional ones, shorter descriptions; the server's instructions say the rest) and tools/list
 * drops the `$schema` key the SDK puts in every schema (52 characters a schema).
 */
const BUDGET_WITHOUT_OUTPUT = 12_000;
const BUDGET_WITH_OUTPUT = 24_500;
const CHARS_PER_TOKEN = 3.5;

const { listTools } = useToolList();

function cost(tools: readonly Tool[], withOutput: boolean): number {
  return tools.reduce(
    (sum, t) =>
      sum +
      JSON.stringify({
        name: t.name,
        description: t.description,
        inputSchema: t.inputSchema,
        ...(withOutput ? { outputSchema: t.outputSchema } : {}),
      }).length,
    0,
  );
}

const figure = (chars: number): string =>
  `${chars.toLocaleString('en')} characters (~${Math.round(chars / CHARS_PER_TOKEN).toLocaleString('en')} tokens)`;

describe('what tools/list costs an agent', () => {
  it('stays within the budget, printing the figures', async () => {
    const tools = await listTools();
    const without = cost(tools, false);
    const withOutput = cost(tools, true);
    const rows = tools.map((t) => `  ${t.name.padEnd(22)} ${String(cost([t], false)).padStart(6)} ${String(cost([t], true)).padStart(6)}`);
    process.stdout.write(
      [
        `tools/list, ${tools.length} tools: names + descriptions + input schemas ${figure(without)} (budget ${BUDGET_WITHOUT_OUTPUT.toLocaleString('en')});`,
        `  with output schemas ${figure(withOutput)} (budget ${BUDGET_WITH_OUTPUT.toLocaleString('en')})`,
        '  tool                   without  with',
        ...rows,
        '',
      ].join('\n'),
    );
    expect(without).toBeLessThanOrEqual(BUDGET_WITHOUT_OUTPUT);
    expect(withOutput).toBeLessThanOrEqual(BUDGET_WITH_OUTPUT);
  });

  it('costs less again with a preset: core is the four FS-001 tools', async () => {
    const all = cost(await listTools(TOOL_NAMES), false);
    const core = await listTools(TOOL_PRESETS['core']);
    const coreCost = cost(core, false);
    process.stdout.write(`--tools core: ${figure(coreCost)}, ${Math.round((100 * coreCost) / all)}% of every tool\n`);
    expect(core.map((t) => t.name)).toEqual(['find_references', 'go_to_definition', 'rename_symbol', 'get_diagnostics']);
    expect(coreCost).toBeLessThan(all / 2);
  });

  it('is stated in the README as sent, with and without output schemas, for the default set and each preset', async () => {
    // As sent: the tools of the tools/list result, every field a client receives (titles and annotations too).
    const sent = (tools: readonly Tool[], withOutput: boolean): number =>
      JSON.stringify(withOutput ? tools : tools.map(({ outputSchema: _dropped, ...rest }) => rest)).length;
    // The default set (what a server offers without --tools), then every preset.
    const sets: [string, readonly string[] | undefined][] = [
      ['the default set (no `--tools`)', undefined],
      ...Object.entries(TOOL_PRESETS)
        .filter(([name]) => name !== 'default')
        .map(([name, tools]): [string, readonly string[]] => [`\`--tools ${name}\``, tools]),
    ];
    expect(sets.map(([label]) => label)).toEqual(expect.arrayContaining(['`--tools core`', '`--tools navigation`', '`--tools all`']));
    const rows: string[] = [];
    for (const [label, names] of sets) {
      const tools = await listTools(names);
      rows.push(`| ${label}: ${tools.length} tools | ${figure(sent(tools, true))} | ${figure(sent(tools, false))} |`);
    }
    process.stdout.write(`README rows:\n${rows.join('\n')}\n`);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const row of rows) expect(readme, 'the README states these figures (copy the rows above)').toContain(row);
  });

  it('publishes output schemas that validate without prose', async () => {
    for (const t of await listTools()) {
      expect(JSON.stringify(t.outputSchema), t.name).not.toContain('"description"');
    }
  });

  it('says nothing twice across tools: the only sentence descriptions share is how to address a symbol', async () => {
    const tools = await listTools();
    const sentences = new Map<string, string[]>();
    for (const t of tools) {
      for (const sentence of (t.description ?? '').replace(ADDRESSING, '').split(/(?<=\.)\s+/)) {
        if (sentence.trim() === '') continue;
        sentences.set(sentence, [...(sentences.get(sentence) ?? []), t.name]);
      }
    }
    expect([...sentences].filter(([, names]) => names.length > 1)).toEqual([]);
    const fieldDescriptions = new Map<string, Set<string>>();
    for (const t of tools) {
      for (const [field, schema] of Object.entries(t.inputSchema.properties ?? {})) {
        const description = (schema as { description?: string }).description;
        if (description !== undefined) fieldDescriptions.set(field, (fieldDescriptions.get(field) ?? new Set()).add(description));
      }
    }
    // A shared field is described one way everywhere (filePath says more where it may be left out).
    for (const field of ['workspaceRoot', 'nodeId', 'symbol', 'line', 'column']) {
      expect(fieldDescriptions.get(field)?.size, field).toBe(1);
    }
  });

  it('starts every description with when to use the tool', async () => {
    for (const t of await listTools()) expect(t.description, t.name).toMatch(/^Use (after|before|instead of) /);
  });
});
