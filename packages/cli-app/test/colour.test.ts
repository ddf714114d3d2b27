import { describe, expect, it } from 'vitest';
import { Fixture } from './helpers/fixture.js';
import { runCli } from './helpers/run-cli.js';
import { SYMBOLS_PROJECT } from './helpers/symbols-project.js';

const ESC = '\u001b[';

describe('colour', () => {
  it('is off when the output is piped', async () => {
    await using fx = await Fixture.copy('basic');
    const ok = await runCli(['refs', await fx.location('src/app.ts', 'use:parseConfig')], { cwd: fx.root });
    const failed = await runCli(['refs', 'src/comments.ts:1:1'], { cwd: fx.root });
    expect(ok.stdout).not.toContain(ESC);
    expect(failed.stderr).not.toContain(ESC);
  });

  it('highlights the symbol, paths and line numbers when forced on a pipe with FORCE_COLOR', async () => {
    await using fx = await Fixture.copy('basic');
    const run = await runCli(['refs', await fx.location('src/app.ts', 'use:parseConfig')], { cwd: fx.root, env: { FORCE_COLOR: '1' } });
    const first = run.stdout.split('\n')[0] ?? '';
    expect(first).toContain(`${ESC}35msrc/config.ts${ESC}39m`);
    expect(first).toContain(`${ESC}1;33mdeclaration${ESC}22;39m`);
    expect(first).toContain(`${ESC}1;31mparseConfig${ESC}22;39m(text: string)`);
  });

  it('is never on when NO_COLOR is set, even with FORCE_COLOR', async () => {
    await using fx = await Fixture.copy('diagnostics');
    const run = await runCli(['diag'], { cwd: fx.root, env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(' - error TS2322: ');
    expect(run.stdout).not.toContain(ESC);
  });

  it.each([
    ['outline', 'src/calc.ts'],
    ['search', 'area'],
  ])('keeps the columns of %s aligned: coloured output is the plain output with colours added', async (...argv) => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const [plain, coloured] = await Promise.all([
      runCli(argv, { cwd: fx.root }),
      runCli(argv, { cwd: fx.root, env: { FORCE_COLOR: '1' } }),
    ]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(coloured.stdout).toContain(ESC);
    const uncoloured = coloured.stdout
      .split(ESC)
      .map((part, index) => (index === 0 ? part : part.replace(/^[\d;]*m/, '')))
      .join('');
    expect(uncoloured).toBe(plain.stdout);
  });
});
