import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Fixture, type Marker } from './helpers/fixture.js';
import { runCli } from './helpers/run-cli.js';

/** The line `refs` prints for a marker: `path:line:col  [declaration  ]snippet`. */
function referenceLine(marker: Marker): string {
  const mark = marker.kind === 'decl' ? 'declaration  ' : '';
  return `${marker.file}:${marker.line}:${marker.column}  ${mark}${marker.lineText.trim()}`;
}

const byPath = (a: Marker, b: Marker): number =>
  Number(b.kind === 'decl') - Number(a.kind === 'decl') ||
  (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column);

describe('lsp-bridge refs', () => {
  it('prints path:line:col  snippet per reference, the declaration first and marked, then a summary line', async () => {
    await using fx = await Fixture.copy('basic');
    const expected = (await fx.markers('parseConfig')).sort(byPath);
    const run = await runCli(['refs', await fx.location('src/app.ts', 'use:parseConfig')], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const files = new Set(expected.map((m) => m.file)).size;
    expect(run.stdout).toBe(
      [
        ...expected.map((m) => referenceLine(m)),
        '',
        `${expected.length} references to parseConfig (1 declaration) in ${files} files`,
        '',
      ].join('\n'),
    );
  });

  it('shows paths relative to the current directory, wherever the root is', async () => {
    await using fx = await Fixture.copy('basic');
    const [declaration] = await fx.markers('parseConfig', ['decl']);
    if (declaration === undefined) throw new Error('no declaration marker');
    const use = await fx.marker('src/app.ts', 'use:parseConfig');
    const fromSrc = await runCli(['refs', `app.ts:${use.line}:${use.column}`], { cwd: fx.path('src') });
    expect(fromSrc.stdout.split('\n')[0]).toBe(referenceLine({ ...declaration, file: 'config.ts' }));
    const fromAbove = await runCli(['refs', `basic/src/app.ts:${use.line}:${use.column}`, '--root', 'basic'], { cwd: dirname(fx.root) });
    expect(fromAbove.stdout.split('\n')[0]).toBe(referenceLine({ ...declaration, file: 'basic/src/config.ts' }));
  });

  it('takes a path relative to --root when it is not one relative to the current directory', async () => {
    await using fx = await Fixture.copy('basic');
    const run = await runCli(['refs', await fx.location('src/app.ts', 'use:parseConfig'), '--root', fx.root], { cwd: fx.path('scripts') });
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^\.\.\/src\/config\.ts:\d+:\d+ {2}declaration {2}/);
  });

  it('accepts what grep -n, tsc and its own output print, so output can be pasted back as input', async () => {
    await using fx = await Fixture.copy('basic');
    const use = await fx.marker('src/app.ts', 'use:parseConfig');
    const runs = await Promise.all(
      [`src/app.ts:${use.line}:${use.column}:`, `src/app.ts(${use.line},${use.column})`].map((at) =>
        runCli(['refs', at], { cwd: fx.root }),
      ),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const pasted = firstLocation(runs[0]?.stdout ?? '');
    const again = await runCli(['refs', pasted], { cwd: fx.root });
    expect(again.stdout).toBe(runs[0]?.stdout);
  });

  it('lists at most --limit references and says it truncated', async () => {
    await using fx = await Fixture.copy('basic');
    const markers = await fx.markers('parseConfig');
    const total = markers.length;
    // The summary counts the files of every reference, not of the two listed.
    const files = new Set(markers.map((m) => m.file)).size;
    expect(files).toBeGreaterThan(2);
    const run = await runCli(['refs', await fx.location('src/app.ts', 'use:parseConfig'), '--limit', '2'], { cwd: fx.root });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(
      `${total} references to parseConfig (1 declaration) in ${files} files; showing the first 2 (pass --limit to see more)`,
    );
  });

  it('lists references in node_modules, with absolute paths, only with --include-node-modules', async () => {
    await using fx = await Fixture.copy('basic');
    const at = await fx.location('src/lib-use.ts', 'use:fakeHelper');
    const without = await runCli(['refs', at], { cwd: fx.root });
    const withDeps = await runCli(['refs', at, '--include-node-modules'], { cwd: fx.root });
    const dependency = `${fx.path('node_modules/fake-lib/index.d.ts')}:`;
    expect(without.stdout).not.toContain(dependency);
    expect(withDeps.stdout.split('\n')[0]).toMatch(new RegExp(`^${escape(dependency)}\\d+:\\d+ {2}declaration {2}export declare function`));
  });
});

describe('lsp-bridge def', () => {
  it('prints the definition as path:line:col  snippet and a summary', async () => {
    await using fx = await Fixture.copy('basic');
    const [declaration] = await fx.markers('parseConfig', ['decl']);
    if (declaration === undefined) throw new Error('no declaration marker');
    const run = await runCli(['def', await fx.location('src/cli.ts', 'use:parseConfig')], { cwd: fx.root });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${referenceLine({ ...declaration, kind: 'def' })}\n\n1 definition of parseConfig\n`);
  });

  it('marks a definition in node_modules external and shows its absolute path', async () => {
    await using fx = await Fixture.copy('basic');
    const declaration = await fx.marker('node_modules/fake-lib/index.d.ts', 'decl:fakeHelper');
    const run = await runCli(['def', await fx.location('src/lib-use.ts', 'use:fakeHelper')], { cwd: fx.root });
    expect(run.stdout.split('\n')[0]).toBe(
      `${fx.path('node_modules/fake-lib/index.d.ts')}:${declaration.line}:${declaration.column}  external  export declare function /*@decl:fakeHelper*/fakeHelper(value: number): number;`,
    );
  });

  it('says so, and succeeds, when the symbol has no definition', async () => {
    await using fx = await Fixture.copy('basic');
    const run = await runCli(['def', await fx.location('src/lib-use.ts', 'at:nowhere')], { cwd: fx.root });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^No definition found for nowhere/);
  });
});

function firstLocation(stdout: string): string {
  return stdout.split('  ')[0] ?? '';
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
