import { describe, expect, it } from 'vitest';
import { Fixture } from './helpers/fixture.js';
import { jsonOf, runCli } from './helpers/run-cli.js';
import { lineOf, location, place, SYMBOLS_PROJECT, type Place } from './helpers/symbols-project.js';

const add = place('src/calc.ts', 'add');
const main = place('src/app.ts', 'main');
const twice = place('src/calc.ts', 'twice');
const total = place('src/calc.ts', 'total');
const summary = place('src/app.ts', 'summary');

/** A line of the calls tree: `kind name  path:line:col  nodeId`, indented by level. */
const item = (level: number, kind: string, p: Place, nodeId: string): string =>
  `${'  '.repeat(level)}${kind} ${nodeId.split(/[.:]/).at(-1) ?? ''}  ${location(p)}  ${nodeId}`;
const sites = (level: number, ...at: Place[]): string => `${'  '.repeat(level)}    at ${at.map(location).join(', ')}`;

describe('lsp-bridge calls', () => {
  it('prints the callers as a tree with their call sites, by path and line, then the count', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['calls', 'src/calc.ts', '--symbol', 'Calculator.add'], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        item(0, 'method', add, 'method:src/calc.ts:Calculator.add'),
        item(1, 'function', main, 'function:src/app.ts:main'),
        sites(1, place('src/app.ts', 'add')),
        item(1, 'method', twice, 'method:src/calc.ts:Calculator.twice'),
        sites(1, place('src/calc.ts', 'add', 1)),
        item(1, 'function', total, 'function:src/calc.ts:total'),
        sites(1, place('src/calc.ts', 'add', 2)),
        '',
        '3 incoming calls to add',
        '',
      ].join('\n'),
    );
  });

  it('follows callers --depth levels deep', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['call-hierarchy', 'method:src/calc.ts:Calculator.add', '--depth', '2'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(5)).toEqual([
      item(1, 'function', total, 'function:src/calc.ts:total'),
      sites(1, place('src/calc.ts', 'add', 2)),
      item(2, 'function', main, 'function:src/app.ts:main'),
      sites(2, place('src/app.ts', 'total', 1)),
      item(2, 'function', summary, 'function:src/app.ts:summary'),
      sites(2, place('src/app.ts', 'total', 2)),
      '',
      '5 incoming calls to add',
    ]);
  });

  it('lists what a function calls with --outgoing, the call sites in the function itself', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['calls', '--node-id', 'function:src/app.ts:summary', '--outgoing'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      [
        item(0, 'function', summary, 'function:src/app.ts:summary'),
        item(1, 'function', place('src/app.ts', 'label', 1), 'function:src/app.ts:label'),
        sites(1, place('src/app.ts', 'label')),
        item(1, 'function', total, 'function:src/calc.ts:total'),
        sites(1, place('src/app.ts', 'total', 2)),
        '',
        '2 outgoing calls from summary',
        '',
      ].join('\n'),
    );
    const same = await runCli(['call_hierarchy', 'src/app.ts', '--symbol', 'summary', '--direction', 'outgoing'], { cwd: fx.root });
    expect(same.stdout).toBe(run.stdout);
  });
});

describe('lsp-bridge types', () => {
  const [shape, circle, square] = [place('src/shapes.ts', 'Shape'), place('src/shapes.ts', 'Circle'), place('src/shapes.ts', 'Square')];

  it('prints the subtypes of an interface as a tree with node ids, then the count', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['types', 'src/shapes.ts', '--symbol', 'Shape'], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        item(0, 'interface', shape, 'interface:src/shapes.ts:Shape'),
        '  no supertypes',
        '  subtypes:',
        item(2, 'class', circle, 'class:src/shapes.ts:Circle'),
        item(2, 'class', square, 'class:src/shapes.ts:Square'),
        '',
        '2 types in the hierarchy of Shape',
        '',
      ].join('\n'),
    );
  });

  it('lists only the supertypes with --supertypes, and refuses a function with exit status 1', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['type-hierarchy', 'class:src/shapes.ts:Circle', '--supertypes'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n').slice(1, 3)).toEqual([
      '  supertypes:',
      item(2, 'interface', shape, 'interface:src/shapes.ts:Shape'),
    ]);
    const refused = await runCli(['types', 'function:src/calc.ts:total'], { cwd: fx.root });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('is not a class, interface, struct or type');
  });
});

describe('lsp-bridge impl', () => {
  it('prints each implementing class as path:line:col  snippet  node id, then the count', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const [circle, square] = [place('src/shapes.ts', 'Circle'), place('src/shapes.ts', 'Square')];
    const run = await runCli(['impl', 'src/shapes.ts', '--symbol', 'Shape'], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        `${location(circle)}  ${circle.lineText}  class:src/shapes.ts:Circle`,
        `${location(square)}  ${square.lineText}  class:src/shapes.ts:Square`,
        '',
        '2 implementations of Shape in 1 file',
        '',
      ].join('\n'),
    );
  });

  it('lists the methods implementing an interface method with --json, and --limit cuts the list', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const [circleArea, squareArea] = [place('src/shapes.ts', 'area', 1), place('src/shapes.ts', 'area', 2)];
    const run = await runCli(['find-implementations', 'method:src/shapes.ts:Shape.area', '--json'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toEqual({
      success: true,
      symbolName: 'area',
      implementations: [
        {
          filePath: 'src/shapes.ts',
          line: circleArea.line,
          column: circleArea.column,
          codeSnippet: circleArea.lineText,
          nodeId: 'method:src/shapes.ts:Circle.area',
          kind: 'method',
        },
        {
          filePath: 'src/shapes.ts',
          line: squareArea.line,
          column: squareArea.column,
          codeSnippet: squareArea.lineText,
          nodeId: 'method:src/shapes.ts:Square.area',
          kind: 'method',
        },
      ],
      totalCount: 2,
      truncated: false,
    });
    const limited = await runCli(['impl', 'method:src/shapes.ts:Shape.area', '--limit', '1'], { cwd: fx.root });
    expect(limited.stdout.trimEnd().split('\n').at(-1)).toBe(
      '2 implementations of area in 1 file; showing the first 1 (pass --limit to see more)',
    );
  });
});

describe('lsp-bridge replace', () => {
  const original = SYMBOLS_PROJECT['src/calc.ts'] ?? '';
  const addBody = 'return a + b;';
  const summaryOf = (what: string, name: string, nodeId: string): string =>
    `Replaced ${what} ${name} (${nodeId}) at src/calc.ts:${add.line}-${lineOf('src/calc.ts', '  }')}: 3 lines removed, 3 added, written to disk.`;

  it('writes a new body from --with, indented under the declaration, and says what it wrote', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['replace', 'src/calc.ts', '--symbol', 'Calculator.add', '--with', 'return b + a;'], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await fx.read('src/calc.ts')).toBe(original.replace(addBody, 'return b + a;'));
    expect(run.stdout).toBe(
      `${summaryOf('the body of', 'add', 'method:src/calc.ts:Calculator.add')}\nThe edit introduced no diagnostics.\n`,
    );
  });

  it('reads the replacement from stdin when it is piped, or with --from-file -', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['replace', 'method:src/calc.ts:Calculator.add', '--mode', 'replace-body'], {
      cwd: fx.root,
      input: 'return a - b;\n',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(await fx.read('src/calc.ts')).toBe(original.replace(addBody, 'return a - b;'));
    await fx.reset();
    const dash = await runCli(['replace', 'src/calc.ts', '--symbol', 'add', '--from-file', '-'], {
      cwd: fx.root,
      input: '{\n  return a * b;\n}\n',
    });
    expect(dash.code, dash.stderr).toBe(0);
    expect(await fx.read('src/calc.ts')).toBe(original.replace(addBody, 'return a * b;'));
  });

  it('replaces the whole declaration from --from-file, lists the errors it introduced, and exits 1', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    await fx.write('sum.txt', 'sum(a: number, b: number): number {\n  return a + b;\n}\n');
    const run = await runCli(['replace_symbol_body', location(add), '--mode', 'node', '--from-file', 'sum.txt', '--json'], {
      cwd: fx.root,
    });
    expect(run.code, run.stderr).toBe(1);
    const calls = [place('src/calc.ts', 'add', 1), place('src/calc.ts', 'add', 2)];
    expect(await fx.read('src/calc.ts')).toBe(original.replace('  add(a: number', '  sum(a: number'));
    expect(jsonOf(run)).toMatchObject({
      success: true,
      symbolName: 'sum',
      mode: 'replace-node',
      nodeId: 'method:src/calc.ts:Calculator.sum',
      filePath: 'src/calc.ts',
      introducedDiagnostics: calls.map((at) => ({
        filePath: at.filePath,
        line: at.line,
        column: at.column,
        severity: 'error',
        codeSnippet: at.lineText,
      })),
    });
  });

  it('prints the introduced errors in tsc layout before the summary', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(
      [
        'replace',
        'method:src/calc.ts:Calculator.add',
        '--mode',
        'node',
        '--with',
        'sum(a: number, b: number): number {\n  return a + b;\n}',
      ],
      { cwd: fx.root },
    );
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    const [first, second] = [place('src/calc.ts', 'add', 1), place('src/calc.ts', 'add', 2)];
    expect(lines[0]).toMatch(new RegExp(`^${location(first)} - error TS\\d+: Property 'add' does not exist on type 'Calculator'`));
    expect(lines[1]).toBe(`    ${first.lineText.trim()}`);
    expect(lines[2]).toMatch(new RegExp(`^${location(second)} - error TS\\d+: `));
    expect(lines.at(-1)).toBe('The edit introduced 2 errors (above).');
  });

  it('refuses a replacement that does not parse: exit 3, INVALID_REPLACEMENT, nothing written', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const run = await runCli(['replace', 'src/calc.ts', '--symbol', 'Calculator.add', '--with', 'return (a + ;'], { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^lsp-bridge: error INVALID_REPLACEMENT: .+\nResolution: .+\n$/);
    expect(await fx.read('src/calc.ts')).toBe(original);
  });
});

describe('usage errors of the new commands', () => {
  it.each([
    { argv: ['search'], message: /missing <query>/ },
    { argv: ['search', 'x', '--kind', 'klass'], message: /unknown kind "klass"; the kinds are file, module/ },
    { argv: ['outline'], message: /missing <file>/ },
    { argv: ['calls', 'src/a.ts:1:1', '--direction', 'up'], message: /--direction takes incoming or outgoing, got "up"/ },
    { argv: ['calls', 'src/a.ts:1:1', '--incoming', '--outgoing'], message: /give one direction/ },
    { argv: ['calls', 'src/a.ts:1:1', '--depth', '6'], message: /--depth takes an integer from 1 to 5/ },
    { argv: ['replace', 'src/a.ts:1:1', '--mode', 'tree', '--with', 'x'], message: /--mode takes body or node/ },
    { argv: ['replace', 'src/a.ts:1:1', '--with', 'x', '--from-file', 'y'], message: /give the replacement once/ },
    { argv: ['replace', 'src/a.ts:1:1'], message: /missing the replacement: give --with <text>, --from-file <path>, or pipe it on stdin/ },
    { argv: ['replace', 'src/a.ts:1:1', '--from-file', 'no/such/file'], message: /cannot read --from-file no\/such\/file \(ENOENT\)/ },
    { argv: ['impl', 'src/a.ts'], message: /expected <file>:<line>:<col>, a node id <kind>:<path>:<name>, or <file> with --symbol <name>/ },
    { argv: ['hover', 'src/a.ts:1:1', '--symbol', 'x'], message: /name the symbol one way only/ },
    { argv: ['hover'], message: /missing <address>/ },
  ])('$argv.0: $message', async ({ argv, message }) => {
    const run = await runCli(argv, { cwd: process.cwd() });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^lsp-bridge: usage error: /);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain(`Run "lsp-bridge ${argv[0] ?? ''} --help" for usage.`);
  });
});
