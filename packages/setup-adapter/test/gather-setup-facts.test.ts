import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gatherSetupFacts } from '../src/index.js';
import { builtinOptions, project, says, which } from './helpers.js';

// The pyright the language adapter depends on (and so runs), read from its own manifest.
const fromLspAdapter = createRequire(fileURLToPath(import.meta.resolve('@mcp-lsp-bridge/lsp-adapter')));
const pyright = JSON.parse(readFileSync(fromLspAdapter.resolve('pyright/package.json'), 'utf8')) as { version: string };

/** A PATH where nothing is found: no clangd, gopls or go. */
const BARE_PATH = '/nonexistent';

describe('gatherSetupFacts', () => {
  it('counts files by language as the router assigns them, dependencies and dot-directories left out', async () => {
    using app = project({
      'src/a.ts': 'export const a = 1;\n',
      'src/b.js': 'export const b = 2;\n',
      'tools/run.py': 'print(1)\n',
      'node_modules/dep/index.js': 'module.exports = 1;\n',
      '.venv/lib/site.py': 'x = 1\n',
      'README.md': '# app\n',
    });
    const facts = await gatherSetupFacts(app.root, builtinOptions());
    const counts = Object.fromEntries(facts.languages.map((language) => [language.name, language.fileCount]));
    expect(counts).toEqual({ typescript: 2, python: 1, 'c-cpp': 0, go: 0 });
    expect(facts.listingIncomplete).toBe(false);
    expect(facts.c).toBeUndefined();
    expect(facts.go).toBeUndefined();
  });

  it("names pyright's version from its package, and clangd's and gopls's where the shell finds them and as they say", async () => {
    using app = project({ 'main.py': 'x = 1\n' });
    const facts = await gatherSetupFacts(app.root, builtinOptions());
    const server = (name: string) => facts.languages.find((language) => language.name === name)?.server;
    expect(server('python')).toMatchObject({ name: 'pyright', kind: 'bundled', version: pyright.version });
    for (const [name, command, args] of [
      ['c-cpp', 'clangd', ['--version']],
      ['go', 'gopls', ['version']],
    ] as const) {
      const found = server(name);
      expect(found?.path, command).toBe(which(command));
      expect(found?.version, command).toBeDefined();
      expect(says(command, args), command).toContain(found?.version ?? '?');
    }
  });

  it('says a server is missing, with the message calls get and its install command, when it is not on PATH', async () => {
    using app = project({ 'main.c': 'int main(void) { return 0; }\n' });
    const facts = await gatherSetupFacts(app.root, builtinOptions({ PATH: BARE_PATH }));
    const clangd = facts.languages.find((language) => language.name === 'c-cpp');
    expect(clangd?.fileCount).toBe(1);
    expect(clangd?.server).toEqual({
      name: 'clangd',
      kind: 'path',
      missing: 'C/C++ files are served by clangd, which is not installed: clangd is not on PATH',
      install: 'apt-get install clangd',
    });
  });

  describe('C and C++', () => {
    it('finds no compilation database where clangd would find none, and tells the build system and header directories', async () => {
      using app = project({
        'CMakeLists.txt': 'project(app C)\n',
        'src/main.c': '#include "util.h"\n',
        'include/util.h': 'int f(void);\n',
      });
      const facts = await gatherSetupFacts(app.root, builtinOptions());
      expect(facts.c).toEqual({ buildSystem: 'cmake', headerDirectories: ['include'] });
    });

    it.each([['compile_commands.json'], ['build/compile_commands.json'], ['compile_flags.txt']])(
      'finds %s at the root, as clangd does',
      async (database) => {
        using app = project({ [database]: database.endsWith('.json') ? '[]' : '-I.\n', 'src/main.c': 'int main(void) { return 0; }\n' });
        expect((await gatherSetupFacts(app.root, builtinOptions())).c?.compilationDatabase).toBe(database);
      },
    );
  });

  describe('Go', () => {
    it('has no module and no requirements in a directory of loose files, and the go command as gopls finds it', async () => {
      using app = project({ 'main.go': 'package main\n\nfunc main() {}\n' });
      const go = (await gatherSetupFacts(app.root, builtinOptions())).go;
      expect(go).toMatchObject({ nestedModules: [], missingRequirements: [], toolchain: { name: 'go', path: which('go') } });
      expect(go?.module).toBeUndefined();
      expect(says('go', ['version'])).toContain(go?.toolchain.version ?? '?');
    });

    it('lists modules below a root without one', async () => {
      using app = project({
        'api/go.mod': 'module api\n\ngo 1.19\n',
        'api/main.go': 'package main\n',
        'cli/go.mod': 'module cli\n',
        'cli/x.go': 'package cli\n',
      });
      expect((await gatherSetupFacts(app.root, builtinOptions())).go).toMatchObject({ nestedModules: ['api/go.mod', 'cli/go.mod'] });
    });

    it('names the requirements the module cache does not hold (the go command downloads them)', async () => {
      using app = project({
        'go.mod': 'module app\n\ngo 1.19\n\nrequire example.invalid/NotThere v1.2.3\n',
        'main.go': 'package main\n\nfunc main() {}\n',
      });
      const go = (await gatherSetupFacts(app.root, builtinOptions())).go;
      expect(go).toMatchObject({ module: 'go.mod', nestedModules: [], missingRequirements: ['example.invalid/NotThere@v1.2.3'] });
    });

    it('says the go command is missing when it is not on PATH', async () => {
      using app = project({ 'main.go': 'package main\n' });
      const go = (await gatherSetupFacts(app.root, builtinOptions({ PATH: BARE_PATH }))).go;
      expect(go?.toolchain).toEqual({ name: 'go', kind: 'path', missing: 'go is not on PATH', install: 'apt-get install golang-go' });
    });
  });

  it('tells the package manager by the lock file at the root', async () => {
    using app = project({ 'pnpm-lock.yaml': '', 'index.ts': '' });
    expect((await gatherSetupFacts(app.root, builtinOptions())).packageManager).toBe('pnpm');
  });
});
