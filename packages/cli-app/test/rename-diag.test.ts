import { readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Fixture } from './helpers/fixture.js';
import { runCli } from './helpers/run-cli.js';

describe('lsp-bridge rename', () => {
  it('writes the renamed files and prints each changed line before and after, then what it wrote', async () => {
    await using fx = await Fixture.copy('rename');
    const sites = await fx.markers('increment');
    const run = await runCli(['rename', await fx.location('src/app.ts', 'ref:increment'), 'bump'], { cwd: fx.root });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const files = [...new Set(sites.map((m) => m.file))];
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      `Renamed increment to bump: ${sites.length} changes in ${files.length} files, written to disk.`,
    );
    for (const site of sites) {
      expect(run.stdout).toContain(`${site.file}:${site.line}  - ${site.lineText.trim()}\n`);
      const renamed = site.lineText.replace(/(?<!@[a-z]+:)\bincrement\b/g, 'bump'); // the markers keep their tags
      expect(run.stdout).toContain(`${site.file}:${site.line}  + ${renamed.trim()}\n`);
      expect((await fx.read(site.file)).split('\n')[site.line - 1]).toBe(renamed);
    }
    expect(await fx.read('src/untouched.ts')).toContain('increment is only a word here');
  });

  it('refuses a name that clashes with a symbol in scope: exit 3, code and resolution on stderr, no file changed', async () => {
    await using fx = await Fixture.copy('rename');
    const before = await fx.read('src/conflict.ts');
    const run = await runCli(['rename', await fx.location('src/conflict.ts', 'decl:count'), 'existing'], { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^lsp-bridge: error RENAME_CONFLICT: .+\nResolution: .+\n$/);
    expect(await fx.read('src/conflict.ts')).toBe(before);
  });
});

describe('lsp-bridge rename --dry-run', () => {
  it('prints every change the rename would make, says nothing was written, and changes no file', async () => {
    await using fx = await Fixture.copy('rename');
    const files = ['src/app.ts', 'src/counter.ts', 'src/conflict.ts', 'src/untouched.ts'];
    const before = await Promise.all(files.map((file) => fx.read(file)));
    const run = await runCli(['rename', await fx.location('src/app.ts', 'ref:increment'), 'bump', '--dry-run'], { cwd: fx.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Dry run: renaming increment to bump would make \d+ changes in \d+ files; nothing was written\./);
    expect(run.stdout).toContain('+ ');
    expect(await Promise.all(files.map((file) => fx.read(file)))).toEqual(before);
  });
});

describe('lsp-bridge rename and replace with an option they do not have', () => {
  it.each([
    ['rename', ['bump', '--preview']],
    ['replace', ['--with', '{}', '--preview']],
  ])('%s refuses it as a usage error (exit 2) and changes no file', async (command, rest) => {
    await using fx = await Fixture.copy('rename');
    const files = ['src/app.ts', 'src/counter.ts', 'src/conflict.ts', 'src/untouched.ts'];
    const before = await Promise.all(files.map((file) => fx.read(file)));
    const run = await runCli([command, await fx.location('src/app.ts', 'ref:increment'), ...rest], { cwd: fx.root });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown option '--preview'/);
    expect(await Promise.all(files.map((file) => fx.read(file)))).toEqual(before);
  });
});

describe('lsp-bridge diag', () => {
  it('checks every file under the root like tsc: path:line:col - severity code: message, then the counts; exit 1 on errors', async () => {
    await using fx = await Fixture.copy('diagnostics');
    const errors = await fx
      .markers('TS2322', ['err'])
      .then(async (m) => [...m, ...(await fx.markers('TS2304', ['err'])), ...(await fx.markers('TS1109', ['err']))]);
    const hints = await fx.markers('TS6133', ['hint']);
    const run = await runCli(['diag'], { cwd: fx.root });
    expect(run.code).toBe(1);
    for (const marker of errors) {
      expect(run.stdout).toMatch(
        new RegExp(`^${marker.file}:${marker.line}:${marker.column} - error TS\\d+: .+\\n {4}${escape(marker.lineText.trim())}$`, 'm'),
      );
    }
    for (const marker of hints)
      expect(run.stdout).toMatch(new RegExp(`^${marker.file}:${marker.line}:${marker.column} - hint TS6133: .+$`, 'm'));
    const files = new Set([...errors, ...hints].map((m) => m.file)).size;
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      `Found ${errors.length} errors, 0 warnings, 0 info, ${hints.length} hint in ${files} files.`,
    );
  });

  it('checks one file and exits 0 when it has no error', async () => {
    await using fx = await Fixture.copy('diagnostics');
    const clean = await runCli(['diag', 'src/clean.ts'], { cwd: fx.root });
    // No typescript of its own: the bundled compiler answered, and says so.
    const bundled = createRequire(import.meta.url).resolve('typescript/package.json');
    const { version } = JSON.parse(readFileSync(bundled, 'utf8')) as { version: string };
    expect(clean).toEqual({
      code: 0,
      stdout: `Compiler: typescript ${version} (bundled, ${dirname(bundled)})\nFound 0 errors, 0 warnings, 0 info, 0 hints.\n`,
      stderr: '',
    });
    const hints = await runCli(['diag', 'hints.ts'], { cwd: fx.path('src') });
    expect(hints.code).toBe(0);
    expect(hints.stdout).toMatch(/^hints\.ts:\d+:\d+ - hint TS6133: /);
  });

  it('lists only the severities of --severity, and still counts every diagnostic in the summary', async () => {
    await using fx = await Fixture.copy('diagnostics');
    const errors = [
      ...(await fx.markers('TS2322', ['err'])),
      ...(await fx.markers('TS2304', ['err'])),
      ...(await fx.markers('TS1109', ['err'])),
    ];
    const hints = await fx.markers('TS6133', ['hint']);
    const run = await runCli(['diag', '--severity', 'error,warning'], { cwd: fx.root });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/ - hint /);
    expect(run.stdout.match(/ - error TS\d+: /g)).toHaveLength(errors.length);
    const files = new Set([...errors, ...hints].map((m) => m.file)).size;
    expect(run.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      `Found ${errors.length} errors, 0 warnings, 0 info, ${hints.length} hint in ${files} files.`,
      `${hints.length} diagnostic of other severities not listed (--severity).`,
    ]);
    const onlyHints = await runCli(['diag', '--severity', 'hint', '--severity', 'info'], { cwd: fx.root });
    expect(onlyHints.stdout.match(/ - hint TS6133: /g)).toHaveLength(hints.length);
    expect(onlyHints.stdout).not.toMatch(/ - error /);
  });

  it('refuses an unknown --severity with a usage error (exit 2) naming the four', async () => {
    await using fx = await Fixture.copy('diagnostics');
    const run = await runCli(['diag', '--severity', 'fatal'], { cwd: fx.root });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown severity "fatal"; the severities are error, warning, info, hint');
  });

  it('exits 1 for one file with an error', async () => {
    await using fx = await Fixture.copy('diagnostics');
    const run = await runCli(['diag', 'src/errors.ts'], { cwd: fx.root });
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Found 2 errors, 0 warnings, 0 info, 0 hints in 1 file.');
  });

  it('refuses a file whose .lsp.json server does not exist (exit 3), naming that .lsp.json by its path', async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), 'cli-lsp-json-')));
    try {
      await writeFile(join(root, '.lsp.json'), JSON.stringify({ foo: { command: 'no-such-lsp', extensionToLanguage: { '.foo': 'foo' } } }));
      await writeFile(join(root, 'a.foo'), 'hello\n');
      const run = await runCli(['diag', 'a.foo', '--root', root], { cwd: root });
      expect(run.code).toBe(3);
      expect(run.stderr).toBe(
        'lsp-bridge: error LANGUAGE_SERVER_NOT_FOUND: foo files are served by no-such-lsp, which is not installed: no-such-lsp is not on PATH\n' +
          `Resolution: Install no-such-lsp, or set its path ("command") in ${join(root, '.lsp.json')}; then run the command again.\n`,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses a file of no configured language (exit 3), naming by its path the .lsp.json that would configure one', async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), 'cli-lsp-json-')));
    try {
      await writeFile(join(root, 'a.xyz'), 'hello\n');
      const own = await runCli(['diag', 'a.xyz', '--root', root], { cwd: root });
      expect(own.code).toBe(3);
      expect(own.stderr).toContain('lsp-bridge: error UNSUPPORTED_FILE_TYPE: "a.xyz" is not a file of a language this workspace serves');
      expect(own.stderr).toContain(
        `Resolution: No language server is configured for ".xyz" files. To add one, name it in ${join(root, '.lsp.json')}, e.g. {`,
      );
      // LSP_BRIDGE_CONFIG names the file that configures every workspace's servers: that one is named.
      const config = join(root, 'servers.json');
      await writeFile(config, '{}');
      const named = await runCli(['diag', 'a.xyz', '--root', root], { cwd: root, env: { LSP_BRIDGE_CONFIG: config } });
      expect(named.code).toBe(3);
      expect(named.stderr).toContain(`To add one, name it in ${config}, e.g. {`);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
