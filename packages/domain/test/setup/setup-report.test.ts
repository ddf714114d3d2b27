import { describe, expect, it } from 'vitest';
import { diagnoseSetup, type LanguageFacts, type SetupFacts } from '../../src/index.js';

const ROOT = '/work/my app';

const typescript: LanguageFacts = {
  name: 'typescript',
  displayName: 'TypeScript/JavaScript',
  source: 'builtin',
  extensions: ['.ts', '.js'],
  fileCount: 0,
  server: { name: 'typescript', kind: 'bundled', path: '/x/typescript', version: '5.9.3' },
};
const clangd = (fileCount: number, found: boolean): LanguageFacts => ({
  name: 'c-cpp',
  displayName: 'C/C++',
  source: 'builtin',
  extensions: ['.c', '.h'],
  fileCount,
  server: found
    ? { name: 'clangd', kind: 'path', path: '/usr/bin/clangd', version: '14.0.6', install: 'apt-get install clangd' }
    : {
        name: 'clangd',
        kind: 'path',
        missing: 'C/C++ files are served by clangd, which is not installed: clangd is not on PATH',
        install: 'apt-get install clangd',
      },
});
const gopls = (fileCount: number): LanguageFacts => ({
  name: 'go',
  displayName: 'Go',
  source: 'builtin',
  extensions: ['.go'],
  fileCount,
  server: { name: 'gopls', kind: 'path', path: '/usr/bin/gopls', version: 'v0.11.0' },
});
const goTool = { name: 'go', kind: 'path', path: '/usr/bin/go', version: 'go1.19.8' } as const;

function facts(extra: Partial<SetupFacts>): SetupFacts {
  return {
    root: ROOT,
    backend: 'auto',
    languages: [typescript],
    listingIncomplete: false,
    typescriptProjects: [],
    brokenProjects: [],
    packageManager: 'npm',
    ...extra,
  };
}

describe('diagnoseSetup', () => {
  it('is ready without problems when every language present has its server', () => {
    const report = diagnoseSetup(facts({ languages: [{ ...typescript, fileCount: 3 }, clangd(0, false)] }));
    expect(report).toMatchObject({ success: true, ready: true, problems: [] });
  });

  it('makes a language with files and no server an error, with its install command as the fix', () => {
    const report = diagnoseSetup(facts({ languages: [typescript, clangd(2, false)], c: { headerDirectories: [] } }));
    expect(report.ready).toBe(false);
    expect(report.problems[0]).toEqual({
      severity: 'error',
      language: 'C/C++',
      message: expect.stringMatching(
        /^C\/C\+\+ files are served by clangd, which is not installed: clangd is not on PATH \(2 C\/C\+\+ files in the workspace\): .*LANGUAGE_SERVER_NOT_FOUND/,
      ) as unknown,
      fix: 'apt-get install clangd',
    });
  });

  it('leaves a language without files alone, whether or not its server is installed', () => {
    expect(diagnoseSetup(facts({ languages: [{ ...typescript, fileCount: 1 }, clangd(0, false)] })).problems).toEqual([]);
  });

  it('tells a .lsp.json server that is missing to be installed or configured', () => {
    const custom: LanguageFacts = {
      name: 'lua',
      displayName: 'lua',
      source: 'lsp.json',
      extensions: ['.lua'],
      fileCount: 1,
      server: { name: 'lua-language-server', kind: 'path', missing: 'lua-language-server is not on PATH' },
    };
    const [problem] = diagnoseSetup(facts({ languages: [typescript, custom] })).problems;
    expect(problem?.fix).toBe('Install lua-language-server, or set its path ("command") in /work/my app/.lsp.json.');
  });

  it('warns when there is no file of any language served, naming the extensions', () => {
    const [problem] = diagnoseSetup(facts({ languages: [typescript, clangd(0, true)] })).problems;
    expect(problem?.severity).toBe('warning');
    expect(problem?.message).toContain('TypeScript/JavaScript .ts .js; C/C++ .c .h');
  });

  describe('C and C++ without a compilation database', () => {
    const cReport = (c: SetupFacts['c']) => diagnoseSetup(facts({ languages: [typescript, clangd(1, true)], ...(c ? { c } : {}) }));

    it('says what clangd does without one, and fixes it by the build system at the root', () => {
      const cmake = cReport({ buildSystem: 'cmake', headerDirectories: [] }).problems[0];
      expect(cmake?.message).toMatch(/clangd reads each file with default flags/);
      expect(cmake?.fix).toBe("cd '/work/my app' && cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON");
      expect(cReport({ buildSystem: 'meson', headerDirectories: [] }).problems[0]?.fix).toBe("cd '/work/my app' && meson setup build");
      expect(cReport({ buildSystem: 'make', headerDirectories: [] }).problems[0]?.fix).toBe(
        "apt-get install bear && cd '/work/my app' && bear -- make",
      );
    });

    it('writes a compile_flags.txt naming the header directories when there is no build system', () => {
      expect(cReport({ headerDirectories: ['include', 'lib dir'] }).problems[0]?.fix).toBe(
        "cd '/work/my app' && printf '%s\\n' -Iinclude '-Ilib dir' > compile_flags.txt",
      );
      expect(cReport({ headerDirectories: [] }).problems[0]?.fix).toBe("cd '/work/my app' && printf '%s\\n' -I. > compile_flags.txt");
    });

    it('has nothing to say once there is one', () => {
      expect(cReport({ compilationDatabase: 'build/compile_commands.json', headerDirectories: [] }).problems).toEqual([]);
    });
  });

  describe('Go', () => {
    const goReport = (go: SetupFacts['go']) => diagnoseSetup(facts({ languages: [typescript, gopls(2)], ...(go ? { go } : {}) }));

    it('initialises a module named after the root when there is none', () => {
      const [problem] = goReport({ nestedModules: [], missingRequirements: [], toolchain: goTool }).problems;
      expect(problem).toMatchObject({ severity: 'warning', language: 'Go', fix: "cd '/work/my app' && go mod init my-app" });
    });

    it('ties modules below the root together with go work', () => {
      const [problem] = goReport({ nestedModules: ['api/go.mod', 'cli/go.mod'], missingRequirements: [], toolchain: goTool }).problems;
      expect(problem?.fix).toBe("cd '/work/my app' && go work init ./api ./cli, or run the bridge on one module's directory.");
    });

    it('makes a missing go command an error, and requirements outside the module cache a warning', () => {
      const report = goReport({
        module: 'go.mod',
        nestedModules: [],
        missingRequirements: ['example.com/a@v1.0.0'],
        toolchain: { name: 'go', kind: 'path', missing: 'go is not on PATH', install: 'apt-get install golang-go' },
      });
      expect(report.ready).toBe(false);
      expect(report.problems.map((p) => [p.severity, p.fix])).toEqual([
        ['error', 'apt-get install golang-go'],
        ['warning', "cd '/work/my app' && go mod download"],
      ]);
      expect(report.problems[1]?.message).toContain('1 module not in the module cache (example.com/a@v1.0.0)');
    });
  });

  it("tells a project whose package.json asks for a typescript that is not installed to run the package manager's install", () => {
    const report = diagnoseSetup(
      facts({
        languages: [{ ...typescript, fileCount: 1 }],
        packageManager: 'pnpm',
        typescriptProjects: [
          {
            project: 'packages/a/tsconfig.json',
            compiler: { version: '5.9.3', source: 'bundled', path: '/x/typescript', note: 'asks' },
            declared: { manifest: 'packages/a/package.json', range: '^6.0.0' },
          },
        ],
      }),
    );
    expect(report.problems).toEqual([
      {
        severity: 'warning',
        language: 'TypeScript/JavaScript',
        message:
          'packages/a/tsconfig.json: packages/a/package.json asks for typescript ^6.0.0, which is not installed: the bundled TypeScript 5.9.3 answers for it instead.',
        fix: "cd '/work/my app/packages/a' && pnpm install",
      },
    ]);
    expect(report.ready).toBe(true);
  });

  it('passes a refused .lsp.json on as an error with its resolution', () => {
    const report = diagnoseSetup(
      facts({
        languageConfigError: { code: 'CONFIG_NOT_FOUND', message: '.lsp.json: "lua.command" is missing', resolution: 'Fix the field.' },
      }),
    );
    expect(report.problems[0]).toEqual({ severity: 'error', message: '.lsp.json: "lua.command" is missing', fix: 'Fix the field.' });
    expect(report.ready).toBe(false);
  });
});
