import { BACKENDS } from '@mcp-lsp-bridge/bridge';
import { describe, expect, it } from 'vitest';
import { Fixture } from './helpers/fixture.js';
import { runCli } from './helpers/run-cli.js';
import { SYMBOLS_PROJECT } from './helpers/symbols-project.js';
import { TerminalRun } from './helpers/terminal.js';

const FILES = 400;
const BAR = /Checking files \[[#-]+\] \d+\/\d+/;
/** Whether the text has an SGR (colour) escape sequence. */
const coloured = (text: string): boolean =>
  text
    .split('\u001b[')
    .slice(1)
    .some((rest) => /^[\d;]*m/.test(rest));

/** A project big enough for a visible check: many files, one error in the last one. */
async function bigProject(): Promise<Fixture> {
  const fx = await Fixture.empty();
  for (let i = 1; i <= FILES; i++) {
    await fx.write(
      `src/m${String(i).padStart(3, '0')}.ts`,
      `export interface Shape${i} { readonly id: number; readonly name: string }\n` +
        `export function make${i}(id: number): Shape${i} {\n  return { id, name: \`shape-\${id}\` };\n}\n` +
        `export const value${i}: number = make${i}(${i}).id;\n`,
    );
  }
  await fx.write('src/zz.ts', 'export const broken: number = "x";\n');
  return fx;
}

describe('on a terminal', () => {
  it('draws a progress bar on stderr during a project-wide diag, erases it, and colours the results', async () => {
    await using fx = await bigProject();
    const terminal = new TerminalRun(['diag'], { cwd: fx.root });
    expect(await terminal.exit).toBe(1);
    const { output } = terminal;
    expect(output).toMatch(BAR);
    expect(output).toContain(`/${FILES + 1}`);
    // The last drawing of the bar is erased before the results start.
    const results = output.slice(output.lastIndexOf('\r\u001b[K') + '\r\u001b[K'.length);
    expect(results).not.toMatch(BAR);
    expect(results).toContain('\u001b[1;31merror\u001b[22;39m');
    expect(results).toContain('Found 1 error, 0 warnings, 0 info, 0 hints in 1 file.');
  });

  it('draws the bar on stderr only: stdout redirected to a file gets the results alone, without colour', async () => {
    await using fx = await bigProject();
    const terminal = new TerminalRun(['diag'], { cwd: fx.root, stdoutTo: fx.path('out.txt') });
    expect(await terminal.exit).toBe(1);
    expect(terminal.output).toMatch(BAR);
    expect(terminal.output).not.toContain('Found ');
    const stdout = await fx.read('out.txt');
    expect(stdout).not.toMatch(BAR);
    expect(coloured(stdout)).toBe(false);
    expect(stdout).toContain('Found 1 error, 0 warnings, 0 info, 0 hints in 1 file.');
  });

  it('draws no progress bar and no colour when the output is piped', async () => {
    await using fx = await bigProject();
    const run = await runCli(['diag'], { cwd: fx.root });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(coloured(run.stdout)).toBe(false);
    expect(run.stdout).toContain('Found 1 error, 0 warnings, 0 info, 0 hints in 1 file.');
  });

  it('uses no colour with NO_COLOR set, on a terminal too', async () => {
    await using fx = await Fixture.copy('diagnostics');
    const terminal = new TerminalRun(['diag', 'src/errors.ts'], { cwd: fx.root, env: { NO_COLOR: '1' } });
    expect(await terminal.exit).toBe(1);
    expect(terminal.output).toContain(' - error TS2322: ');
    expect(coloured(terminal.output)).toBe(false);
  });

  it.each(BACKENDS)('stops a project-wide diag promptly on Ctrl-C, with exit status 130 (backend %s)', async (backend) => {
    await using fx = await bigProject();
    const terminal = new TerminalRun(['diag', '--backend', backend], { cwd: fx.root });
    await terminal.waitFor(BAR);
    const pressed = Date.now();
    terminal.type('\u0003');
    expect(await terminal.exit).toBe(130);
    expect(Date.now() - pressed).toBeLessThan(5_000);
    expect(terminal.output).toContain('lsp-bridge: interrupted\n');
    expect(terminal.output).not.toContain('Found ');
  });

  it('never waits for a replacement typed on the terminal: replace without --with is a usage error', async () => {
    await using fx = await Fixture.of(SYMBOLS_PROJECT);
    const terminal = new TerminalRun(['replace', 'src/calc.ts', '--symbol', 'Calculator.add'], { cwd: fx.root });
    expect(await terminal.exit).toBe(2);
    expect(terminal.output).toContain('missing the replacement: give --with <text>, --from-file <path>, or pipe it on stdin');
    expect(await fx.read('src/calc.ts')).toBe(SYMBOLS_PROJECT['src/calc.ts']);
  });
});
