import { describe, expect, it } from 'vitest';
import { Fixture } from './helpers/fixture.js';
import { jsonOf, runCli } from './helpers/run-cli.js';
import { lineOf, location, place, SYMBOLS_PROJECT } from './helpers/symbols-project.js';

const total = place('src/calc.ts', 'total');

describe('naming the symbol of a position command', () => {
  it('gives the same answer for a position, a node id, a file with --symbol, and --node-id', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const forms = [
      [location(total)],
      ['function:src/calc.ts:total'],
      ['src/calc.ts', '--symbol', 'total'],
      ['--node-id', 'function:src/calc.ts:total'],
      ['src/calc.ts', '--node-id', 'function:src/calc.ts:total'],
    ];
    const runs = await Promise.all(forms.map((form) => runCli(['refs', ...form], { cwd: fx.root })));
    const [first] = runs;
    expect(first?.stdout.split('\n')[0]).toBe(`${location(total)}  declaration  ${total.lineText.trim()}`);
    for (const [index, run] of runs.entries()) {
      expect(run.code, `${forms[index]?.join(' ') ?? ''}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toBe(first?.stdout);
    }
  });

  it('reads a node id path from the root, a --symbol file from the current directory', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const byNode = await runCli(['refs', 'function:src/calc.ts:total'], { cwd: fx.path('src') });
    const byName = await runCli(['refs', 'calc.ts', '--symbol', 'total'], { cwd: fx.path('src') });
    expect(byNode.code, byNode.stderr).toBe(0);
    expect(byNode.stdout.split('\n')[0]).toBe(`calc.ts:${total.line}:${total.column}  declaration  ${total.lineText.trim()}`);
    expect(byName.stdout).toBe(byNode.stdout);
  });

  it('takes the node id outline prints, given to --symbol, for the symbol it names', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const outline = await runCli(['outline', 'src/calc.ts'], { cwd: fx.root });
    const nodeId = outline.stdout
      .split('\n')
      .find((row) => row.trimStart().startsWith('function total'))
      ?.split(/\s+/)
      .at(-1);
    expect(nodeId).toBe('function:src/calc.ts:total');
    const byPosition = await runCli(['refs', location(total)], { cwd: fx.root });
    const bySymbol = await runCli(['refs', 'src/calc.ts', '--symbol', nodeId ?? ''], { cwd: fx.root });
    expect(bySymbol.code, bySymbol.stderr).toBe(0);
    expect(bySymbol.stdout.split('\n')[0]).toBe(`${location(total)}  declaration  ${total.lineText.trim()}`);
    expect(bySymbol.stdout).toBe(byPosition.stdout);
  });

  it("is a tool error (exit 3) saying to pass it alone when --symbol is another file's node id", async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['refs', 'src/shapes.ts', '--symbol', 'function:src/calc.ts:total'], { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^lsp-bridge: error INVALID_INPUT: .*src\/shapes\.ts.*function:src\/calc\.ts:total/);
    expect(run.stderr).toMatch(
      /\nResolution: Pass the node id alone, as the address \(no file, no --symbol\); it already names its file\.$/m,
    );
  });

  it('goes to a definition named by a qualified name, and --json gives its node id', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['def', 'src/calc.ts', '--symbol', 'Calculator.add', '--json'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    const add = place('src/calc.ts', 'add');
    expect(jsonOf(run)).toMatchObject({
      success: true,
      symbolName: 'add',
      definitions: [
        { filePath: add.filePath, line: add.line, column: add.column, isExternal: false, nodeId: 'method:src/calc.ts:Calculator.add' },
      ],
    });
  });

  it('renames the symbol of --node-id, the new name after it', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['rename', '--node-id', 'method:src/calc.ts:Calculator.twice', 'double'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    const twice = place('src/calc.ts', 'twice');
    expect((await fx.read('src/calc.ts')).split('\n')[twice.line - 1]).toBe(twice.lineText.replace('twice', 'double'));
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Renamed twice to double: 1 change in 1 file, written to disk.');
  });

  it('is a tool error (exit 3) listing every candidate and its node id when a name is ambiguous', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['refs', 'src/shapes.ts', '--symbol', 'area'], { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^lsp-bridge: error AMBIGUOUS_SYMBOL: /);
    for (const owner of ['Shape', 'Circle', 'Square']) expect(run.stderr).toContain(`method:src/shapes.ts:${owner}.area`);
  });

  it('is a tool error (exit 3) suggesting the names the file has when nothing matches', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['hover', 'src/calc.ts', '--symbol', 'Calculater'], { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^lsp-bridge: error SYMBOL_NOT_FOUND: .+\nResolution: .*class:src\/calc\.ts:Calculator/);
  });
});

describe('lsp-bridge outline', () => {
  it('prints the file as a tree: kind name, line range and node id aligned, then the count', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const file = 'src/calc.ts';
    const rows = [
      ['class Calculator', `${place(file, 'Calculator').line}-${lineOf(file, '}')}`, 'class:src/calc.ts:Calculator'],
      ['  method add', `${place(file, 'add').line}-${lineOf(file, '  }')}`, 'method:src/calc.ts:Calculator.add'],
      ['  method twice', `${place(file, 'twice').line}-${lineOf(file, '  }', 1)}`, 'method:src/calc.ts:Calculator.twice'],
      ['function total', `${total.line}-${lineOf(file, '}', 1)}`, 'function:src/calc.ts:total'],
    ] as const;
    const width = (column: number): number => Math.max(...rows.map((row) => row[column]?.length ?? 0));
    const lines = rows.map(([label, range, id]) => `${label.padEnd(width(0))}  ${range.padEnd(width(1))}  ${id}`);
    const run = await runCli(['outline', file], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe([...lines, '', '4 symbols in src/calc.ts', ''].join('\n'));
  });

  it('lists the levels of --depth and the kinds of --kind, and says how many symbols they left out', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const top = await runCli(['outline', 'src/calc.ts', '--depth', '1'], { cwd: fx.root });
    expect(top.code, top.stderr).toBe(0);
    const lines = top.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l !== '').map((l) => l.split('  ')[0])).toEqual([
      'class Calculator',
      'function total',
      '4 symbols in src/calc.ts; 2 left out by --depth or --kind',
    ]);
    const methods = await runCli(['outline', 'src/calc.ts', '--kind', 'method', '--json'], { cwd: fx.root });
    expect(jsonOf(methods)).toMatchObject({
      totalCount: 4,
      symbols: [{ name: 'Calculator', children: [{ name: 'add' }, { name: 'twice' }] }],
    });
    const refused = await runCli(['outline', 'src/calc.ts', '--depth', '0'], { cwd: fx.root });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--depth takes an integer from 1 to 100');
    const unknownKind = await runCli(['outline', 'src/calc.ts', '--kind', 'klass'], { cwd: fx.root });
    expect(unknownKind.code).toBe(2);
    expect(unknownKind.stderr).toContain('unknown kind "klass"');
  });

  it('answers the document_symbols result with --json, under each alias, paths from the current directory', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['document-symbols', 'shapes.ts', '--json'], { cwd: fx.path('src') });
    expect(run.code, run.stderr).toBe(0);
    const circle = place('src/shapes.ts', 'Circle');
    expect(jsonOf(run)).toMatchObject({
      success: true,
      filePath: 'src/shapes.ts',
      symbols: [
        { name: 'Shape', kind: 'interface', nodeId: 'interface:src/shapes.ts:Shape', line: 1, column: 18 },
        { name: 'Circle', kind: 'class', nodeId: 'class:src/shapes.ts:Circle', line: circle.line, column: circle.column },
        { name: 'Square', kind: 'class', nodeId: 'class:src/shapes.ts:Square' },
      ],
    });
    for (const alias of ['document_symbols', 'symbols']) {
      expect((await runCli([alias, 'shapes.ts', '--json'], { cwd: fx.path('src') })).stdout).toBe(run.stdout);
    }
  });

  it('is a tool error (exit 3) for a file that does not exist', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['outline', 'src/missing.ts'], { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^lsp-bridge: error FILE_NOT_FOUND: /);
  });
});

describe('lsp-bridge search', () => {
  it('prints kind name  path:line:col  node id per symbol, best match first, then the count', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const circle = place('src/shapes.ts', 'Circle');
    const run = await runCli(['search', 'Circle', '--kind', 'class'], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`class Circle  ${location(circle)}  class:src/shapes.ts:Circle\n\n1 symbol matching "Circle"\n`);
  });

  it('filters by kinds (repeated or a comma list), ties by path and line, and says when --limit cut the list', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const areas = [0, 1, 2].map((nth) => place('src/shapes.ts', 'area', nth));
    const run = await runCli(['search', 'area', '--kind', 'method,function', '--kind', 'class', '--limit', '2'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      `method area  ${location(areas[0] ?? total)}  method:src/shapes.ts:Shape.area`,
      `method area  ${location(areas[1] ?? total)}  method:src/shapes.ts:Circle.area`,
      '',
      '3 symbols matching "area"; showing the first 2 (pass --limit to see more)',
    ]);
    const none = await runCli(['workspace_symbols', 'area', '--kind', 'class', '--json'], { cwd: fx.root });
    expect(jsonOf(none)).toEqual({ success: true, query: 'area', symbols: [], totalCount: 0, truncated: false });
  });
});

describe('lsp-bridge hover', () => {
  it('prints the signature, then the documentation comment', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['hover', 'src/calc.ts', '--symbol', 'Calculator.add'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    const [signature, ...rest] = run.stdout.split('\n');
    expect(signature).toContain('Calculator.add(a: number, b: number): number');
    expect(rest).toEqual(['', 'Adds two numbers.', '']);
  });

  it('prints the signature alone for a symbol without documentation, at a position', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const use = place('src/app.ts', 'total', 1);
    const run = await runCli(['hover', location(use), '--json'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    const result = jsonOf(run) as { signature?: string; documentation?: string };
    expect(result).toMatchObject({ success: true, symbolName: 'total' });
    expect(result.signature).toContain('total(a: number, b: number): number');
    expect(result.documentation).toBeUndefined();
  });
});
