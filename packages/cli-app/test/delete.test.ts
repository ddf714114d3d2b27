import { describe, expect, it } from 'vitest';
import { Fixture, type ProjectFiles } from './helpers/fixture.js';
import { jsonOf, runCli } from './helpers/run-cli.js';

const APP = [
  "import { greet, shout } from './names';",
  '',
  'export function main(): string {',
  "  return greet('a');",
  '}',
  '',
  '/** Says it loudly. */',
  'function loud(): string {',
  "  return shout('b');",
  '}',
  '',
  'export const done = main();',
  '',
].join('\n');

const PROJECT: ProjectFiles = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'ESNext', moduleResolution: 'Bundler' } }),
  'src/names.ts':
    'export function greet(n: string): string {\n  return n;\n}\n\nexport function shout(n: string): string {\n  return n;\n}\n',
  'src/app.ts': APP,
};

/** app.ts without loud (its doc comment and one blank line) and without shout in the import. */
const AFTER = APP.replace("/** Says it loudly. */\nfunction loud(): string {\n  return shout('b');\n}\n\n", '').replace(
  'greet, shout',
  'greet',
);

describe('lsp-bridge delete', () => {
  it('deletes an unused function with its doc comment and the import only it used, and says what it wrote', async () => {
    await using fx = await Fixture.of(PROJECT);
    const run = await runCli(['delete', 'src/app.ts', '--symbol', 'loud'], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await fx.read('src/app.ts')).toBe(AFTER);
    expect(run.stdout).toBe(
      [
        'src/app.ts:7-10  - loud',
        'src/app.ts  - import shout',
        '',
        'Deleted loud and the import only it used from src/app.ts, written to disk.',
        '',
      ].join('\n'),
    );
  });

  it('prints what --dry-run would remove and changes no file', async () => {
    await using fx = await Fixture.of(PROJECT);
    const run = await runCli(['safe-delete', 'src/app.ts', '--symbol', 'loud', '--dry-run', '--json'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toEqual({
      success: true,
      symbolName: 'loud',
      filePath: 'src/app.ts',
      removed: [{ startLine: 7, endLine: 10 }],
      importsRemoved: ['shout'],
      applied: false,
    });
    expect(await fx.read('src/app.ts')).toBe(APP);
  });

  it('refuses a used symbol: exit 3, SYMBOL_IN_USE naming the use, nothing written', async () => {
    await using fx = await Fixture.of(PROJECT);
    const run = await runCli(['delete', 'src/names.ts', '--symbol', 'greet'], { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^lsp-bridge: error SYMBOL_IN_USE: greet is still used in 2 places: src\/app\.ts:1:10, src\/app\.ts:4:10\. /,
    );
    expect(await fx.read('src/names.ts')).toBe(PROJECT['src/names.ts']);
    expect(await fx.read('src/app.ts')).toBe(APP);
  });
});
