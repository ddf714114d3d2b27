import { describe, expect, it } from 'vitest';
import { describeSetup, diagnoseSetup, unnamedVersion, type SetupFacts } from '../../src/index.js';

const facts: SetupFacts = {
  root: '/w/app',
  backend: 'auto',
  languages: [
    {
      name: 'typescript',
      displayName: 'TypeScript/JavaScript',
      source: 'builtin',
      extensions: ['.ts'],
      fileCount: 3,
      server: { name: 'typescript', kind: 'bundled', path: '/x/typescript', version: '5.9.3' },
    },
    {
      name: 'c-cpp',
      displayName: 'C/C++',
      source: 'builtin',
      extensions: ['.c'],
      fileCount: 1,
      server: {
        name: 'clangd',
        kind: 'path',
        missing: 'C/C++ files are served by clangd, which is not installed: clangd is not on PATH',
        install: 'apt-get install clangd',
      },
    },
  ],
  listingIncomplete: false,
  typescriptProjects: [{ project: 'tsconfig.json', compiler: { version: '5.9.3', source: 'bundled', path: '/x/typescript' } }],
  brokenProjects: [],
  c: { compilationDatabase: 'compile_flags.txt', headerDirectories: [] },
  backgroundServers: {
    directory: '/run/user/1/mcp-lsp-bridge',
    servers: [{ socket: '/run/user/1/mcp-lsp-bridge/a.sock', live: true, pid: 42 }],
  },
  packageManager: 'npm',
};

describe('describeSetup', () => {
  it('lists the languages with their files and servers, the projects, the flags, the background servers, then the problems and the verdict', () => {
    expect(describeSetup(diagnoseSetup(facts))).toEqual([
      'Workspace /w/app (LSP_BRIDGE_BACKEND=auto)',
      '',
      'Languages:',
      '  TypeScript/JavaScript  3 files  typescript 5.9.3 (bundled, /x/typescript)',
      '  C/C++                  1 file   clangd: not installed (apt-get install clangd)',
      '',
      'TypeScript projects:',
      '  tsconfig.json  typescript 5.9.3 (bundled, /x/typescript)',
      '',
      'C/C++ compile flags: compile_flags.txt',
      '',
      'Background servers (/run/user/1/mcp-lsp-bridge): 1 running',
      '  /run/user/1/mcp-lsp-bridge/a.sock  running, pid 42',
      '',
      'Problems (1):',
      '  error (C/C++): C/C++ files are served by clangd, which is not installed: clangd is not on PATH (1 C/C++ file in the workspace): every call about them fails with LANGUAGE_SERVER_NOT_FOUND, and project-wide calls list them as failures.',
      '    fix: apt-get install clangd',
      'Not ready: files of a language here have no server that can run (the errors above).',
    ]);
  });
});

describe('unnamedVersion', () => {
  it("quotes the first line of a program's answer that names no version", () => {
    expect(unnamedVersion({ answer: 'clangd: unknown option' })).toBe('its answer names no version: clangd: unknown option');
  });

  it('names the manifest of a bundled server that has no version', () => {
    expect(unnamedVersion({ manifest: '/x/pyright/package.json' })).toBe('/x/pyright/package.json names no version');
  });
});
