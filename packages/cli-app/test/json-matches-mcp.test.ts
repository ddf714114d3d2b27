import { BACKENDS } from '@mcp-lsp-bridge/bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fixture, type FixtureName, type ProjectFiles } from './helpers/fixture.js';
import { McpServer } from './helpers/mcp-server.js';
import { jsonOf, runCli } from './helpers/run-cli.js';
import { SYMBOLS_PROJECT } from './helpers/symbols-project.js';

/** One call, as a command line and as MCP tool arguments. */
interface Case {
  readonly name: string;
  readonly fixture: FixtureName | ProjectFiles;
  readonly tool: string;
  /** The command line and the tool arguments (besides workspaceRoot) for a fixture copy. */
  readonly call: (fx: Fixture) => Promise<{ argv: string[]; args: Record<string, unknown> }>;
  readonly exit: number;
  /** Changes files, so the two calls cannot share a copy at once. */
  readonly writes?: boolean;
}

async function at(fx: Fixture, file: string, marker: string): Promise<{ filePath: string; line: number; column: number }> {
  return { filePath: file, ...(await fx.marker(file, marker)) };
}

/** A call of the symbols project, whose tool arguments need no fixture lookup. */
function symbolsCase(
  name: string,
  tool: string,
  argv: string[],
  args: Record<string, unknown>,
  extra: { exit?: number; writes?: boolean } = {},
): Case {
  return {
    name,
    fixture: SYMBOLS_PROJECT,
    tool,
    call: () => Promise.resolve({ argv, args }),
    exit: extra.exit ?? 0,
    ...(extra.writes === true ? { writes: true } : {}),
  };
}

const cases: readonly Case[] = [
  {
    name: 'refs',
    fixture: 'basic',
    tool: 'find_references',
    call: async (fx) => ({
      argv: ['refs', await fx.location('src/app.ts', 'use:parseConfig')],
      args: await at(fx, 'src/app.ts', 'use:parseConfig'),
    }),
    exit: 0,
  },
  {
    name: 'refs --include-node-modules --limit 2',
    fixture: 'basic',
    tool: 'find_references',
    call: async (fx) => ({
      argv: ['refs', await fx.location('src/lib-use.ts', 'use:fakeHelper'), '--include-node-modules', '--limit', '2'],
      args: { ...(await at(fx, 'src/lib-use.ts', 'use:fakeHelper')), includeNodeModules: true, limit: 2 },
    }),
    exit: 0,
  },
  {
    name: 'def (external)',
    fixture: 'basic',
    tool: 'go_to_definition',
    call: async (fx) => ({
      argv: ['def', await fx.location('src/lib-use.ts', 'use:fakeHelper')],
      args: await at(fx, 'src/lib-use.ts', 'use:fakeHelper'),
    }),
    exit: 0,
  },
  {
    name: 'def (none)',
    fixture: 'basic',
    tool: 'go_to_definition',
    call: async (fx) => ({
      argv: ['def', await fx.location('src/lib-use.ts', 'at:nowhere')],
      args: await at(fx, 'src/lib-use.ts', 'at:nowhere'),
    }),
    exit: 0,
  },
  {
    name: 'rename',
    fixture: 'rename',
    tool: 'rename_symbol',
    call: async (fx) => ({
      argv: ['rename', await fx.location('src/report.ts', 'use:increment'), 'bump'],
      args: { ...(await at(fx, 'src/report.ts', 'use:increment')), newName: 'bump' },
    }),
    exit: 0,
    writes: true,
  },
  {
    name: 'diag (project)',
    fixture: 'diagnostics',
    tool: 'get_diagnostics',
    call: () => Promise.resolve({ argv: ['diag'], args: {} }),
    exit: 1,
  },
  {
    name: 'diag (file)',
    fixture: 'diagnostics',
    tool: 'get_diagnostics',
    call: () => Promise.resolve({ argv: ['diag', 'src/hints.ts'], args: { filePath: 'src/hints.ts' } }),
    exit: 0,
  },
  {
    name: 'an error: no symbol at the position',
    fixture: 'basic',
    tool: 'find_references',
    call: () => Promise.resolve({ argv: ['refs', 'src/comments.ts:1:1'], args: { filePath: 'src/comments.ts', line: 1, column: 1 } }),
    exit: 3,
  },
  {
    name: 'an error: a file that does not exist',
    fixture: 'basic',
    tool: 'go_to_definition',
    call: () => Promise.resolve({ argv: ['def', 'src/missing.ts:1:1'], args: { filePath: 'src/missing.ts', line: 1, column: 1 } }),
    exit: 3,
  },
  symbolsCase('refs --symbol', 'find_references', ['refs', 'src/calc.ts', '--symbol', 'total'], {
    filePath: 'src/calc.ts',
    symbol: 'total',
  }),
  symbolsCase('def <nodeId>', 'go_to_definition', ['def', 'method:src/calc.ts:Calculator.add'], {
    nodeId: 'method:src/calc.ts:Calculator.add',
  }),
  symbolsCase(
    'rename --node-id',
    'rename_symbol',
    ['rename', '--node-id', 'method:src/calc.ts:Calculator.twice', 'double'],
    {
      nodeId: 'method:src/calc.ts:Calculator.twice',
      newName: 'double',
    },
    { writes: true },
  ),
  symbolsCase('hover', 'hover', ['hover', 'src/calc.ts', '--symbol', 'Calculator.add'], {
    filePath: 'src/calc.ts',
    symbol: 'Calculator.add',
  }),
  symbolsCase('outline', 'document_symbols', ['outline', 'src/calc.ts'], { filePath: 'src/calc.ts' }),
  symbolsCase('search --kind --limit', 'workspace_symbols', ['search', 'area', '--kind', 'method', '--limit', '2'], {
    query: 'area',
    kinds: ['method'],
    limit: 2,
  }),
  symbolsCase('impl', 'find_implementations', ['impl', 'src/shapes.ts', '--symbol', 'Shape'], {
    filePath: 'src/shapes.ts',
    symbol: 'Shape',
  }),
  symbolsCase('calls --depth 2', 'call_hierarchy', ['calls', 'method:src/calc.ts:Calculator.add', '--depth', '2'], {
    nodeId: 'method:src/calc.ts:Calculator.add',
    direction: 'incoming',
    depth: 2,
  }),
  symbolsCase('calls --outgoing', 'call_hierarchy', ['calls', 'function:src/app.ts:summary', '--outgoing'], {
    nodeId: 'function:src/app.ts:summary',
    direction: 'outgoing',
  }),
  symbolsCase('types --subtypes', 'type_hierarchy', ['types', 'src/shapes.ts', '--symbol', 'Shape', '--subtypes'], {
    filePath: 'src/shapes.ts',
    symbol: 'Shape',
    direction: 'subtypes',
  }),
  symbolsCase(
    'replace',
    'replace_symbol_body',
    ['replace', 'src/calc.ts', '--symbol', 'Calculator.add', '--with', 'return b + a;'],
    {
      filePath: 'src/calc.ts',
      symbol: 'Calculator.add',
      mode: 'replace-body',
      replacement: 'return b + a;',
    },
    { writes: true },
  ),
  symbolsCase(
    'delete',
    'safe_delete',
    ['delete', 'src/app.ts', '--symbol', 'summary'],
    { filePath: 'src/app.ts', symbol: 'summary' },
    { writes: true },
  ),
  symbolsCase(
    'an error: a symbol still used',
    'safe_delete',
    ['delete', 'function:src/calc.ts:total', '--dry-run'],
    { nodeId: 'function:src/calc.ts:total', dryRun: true },
    { exit: 3 },
  ),
  symbolsCase(
    'an error: an ambiguous name',
    'find_references',
    ['refs', 'src/shapes.ts', '--symbol', 'area'],
    { filePath: 'src/shapes.ts', symbol: 'area' },
    { exit: 3 },
  ),
  symbolsCase(
    'an error: a replacement that does not parse',
    'replace_symbol_body',
    ['replace', 'method:src/calc.ts:Calculator.add', '--with', 'return (a + ;'],
    { nodeId: 'method:src/calc.ts:Calculator.add', mode: 'replace-body', replacement: 'return (a + ;' },
    { exit: 3 },
  ),
];

describe.each(BACKENDS)('--json prints exactly the structuredContent the MCP server returns for the same call (backend %s)', (backend) => {
  let server: McpServer;
  beforeAll(async () => {
    server = await McpServer.start(backend);
  });
  afterAll(async () => {
    await server[Symbol.asyncDispose]();
  });

  it.each(cases)('$name', async ({ fixture, tool, call, exit, writes }) => {
    // One copy, so absolute paths (external files, messages) agree; reset between writing calls.
    await using fx = typeof fixture === 'string' ? await Fixture.copy(fixture) : await Fixture.of(fixture);
    const { argv, args } = await call(fx);
    const cli = (): ReturnType<typeof runCli> => runCli([...argv, '--json', '--backend', backend], { cwd: fx.root });
    const mcp = (): Promise<unknown> => server.structured(tool, { workspaceRoot: fx.root, ...args });
    const [run, structured] = writes === true ? [await cli(), await fx.reset().then(mcp)] : await Promise.all([cli(), mcp()]);
    expect(run.code, run.stderr).toBe(exit);
    expect(jsonOf(run)).toEqual(structured);
  });
});
