import type { LanguageProfile, Lexicon } from './language-profile.js';

const PYTHON_LEXICON: Lexicon = {
  lineComments: ['#'],
  blockComments: [],
  strings: [
    { open: '"""', close: '"""' },
    { open: "'''", close: "'''" },
    { open: '"', close: '"' },
    { open: "'", close: "'" },
  ],
  stringPrefix: /^(?:[rRuUbBfF]|[rR][bBfF]|[bBfF][rR])$/,
  keywords: [
    ...['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif'],
    ...['else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or'],
    ...['pass', 'raise', 'return', 'try', 'while', 'with', 'yield'],
  ],
};

const C_STRINGS: Lexicon['strings'] = [
  { open: '"', close: '"' },
  { open: "'", close: "'" },
];

const C_LEXICON: Lexicon = {
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
  strings: C_STRINGS,
  keywords: [
    ...['auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double', 'else', 'enum', 'extern', 'float', 'for'],
    ...['goto', 'if', 'inline', 'int', 'long', 'register', 'restrict', 'return', 'short', 'signed', 'sizeof', 'static', 'struct'],
    ...['switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while', 'bool', 'true', 'false', 'nullptr', 'class'],
    ...['namespace', 'template', 'typename', 'public', 'private', 'protected', 'virtual', 'override', 'new', 'delete', 'this'],
    ...['using', 'operator', 'friend', 'constexpr', 'noexcept', 'throw', 'try', 'catch', 'include', 'define'],
  ],
};

const GO_LEXICON: Lexicon = {
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
  strings: [...C_STRINGS, { open: '`', close: '`', raw: true }],
  keywords: [
    ...['break', 'case', 'chan', 'const', 'continue', 'default', 'defer', 'else', 'fallthrough', 'for', 'func', 'go', 'goto'],
    ...['if', 'import', 'interface', 'map', 'package', 'range', 'return', 'select', 'struct', 'switch', 'type', 'var'],
  ],
};

/** Python through pyright, a dependency of the bridge: it works with no install step. */
export const PYTHON: LanguageProfile = {
  name: 'python',
  displayName: 'Python',
  extensions: { '.py': 'python', '.pyi': 'python' },
  server: { kind: 'package', packageName: 'pyright', script: 'langserver.index.js', args: ['--stdio'] },
  settings: {
    python: {},
    // Only the files asked about are checked (project-wide diagnostics open each one), and
    // the pinned defaults: a workspace's pyrightconfig.json / pyproject.toml still wins.
    'python.analysis': { diagnosticMode: 'openFilesOnly', autoSearchPaths: true, useLibraryCodeForTypes: true },
  },
  dependencyDirectories: ['.venv', 'site-packages'],
  features: { diagnostics: 'push', callHierarchy: true, implementations: false, prepareRename: true },
  lexicon: PYTHON_LEXICON,
};

/** C and C++ through clangd, found on PATH. */
export const C_CPP: LanguageProfile = {
  name: 'c-cpp',
  displayName: 'C/C++',
  extensions: {
    ...{ '.c': 'c', '.h': 'c' },
    ...{ '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.c++': 'cpp', '.hh': 'cpp', '.hpp': 'cpp', '.hxx': 'cpp', '.h++': 'cpp' },
  },
  // --background-index=false: no index files are written into the workspace (.cache/clangd).
  server: { kind: 'executable', command: 'clangd', args: ['--background-index=false', '--log=error'], install: 'apt-get install clangd' },
  dependencyDirectories: [],
  features: { diagnostics: 'push', callHierarchy: true, implementations: true, prepareRename: true },
  lexicon: C_LEXICON,
};

/** Go through gopls, found on PATH. */
export const GO: LanguageProfile = {
  name: 'go',
  displayName: 'Go',
  extensions: { '.go': 'go' },
  server: { kind: 'executable', command: 'gopls', args: ['serve'], install: 'apt-get install gopls golang-go' },
  dependencyDirectories: [],
  features: { diagnostics: 'push', callHierarchy: true, implementations: true, prepareRename: true },
  indexesWorkspace: true,
  lexicon: GO_LEXICON,
};

/** The languages served out of the box besides TypeScript and JavaScript. */
export const BUILTIN_PROFILES: readonly LanguageProfile[] = [PYTHON, C_CPP, GO];
