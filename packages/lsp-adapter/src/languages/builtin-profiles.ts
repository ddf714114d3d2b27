import type { NameRules } from '@mcp-lsp-bridge/domain';
import type { LanguageProfile, Lexicon, ServerLaunch } from './language-profile.js';

/** A language served out of the box: its own lexicon, its server an npm package or an executable on PATH. */
export type BuiltinProfile = LanguageProfile & {
  readonly lexicon: Lexicon;
  readonly server: Exclude<ServerLaunch, { readonly kind: 'native-typescript' }>;
};

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

// What a rename's new name may be. Python's soft keywords (`match`, `case`, `type`, `_`) and Go's
// predeclared names (`int`, `nil`) can name a symbol, so they are not reserved.
const PYTHON_NAMES: NameRules = {
  language: 'Python',
  identifier: /^[\p{XID_Start}_][\p{XID_Continue}]*$/u,
  identifierText: 'a letter or "_" followed by letters, digits or "_"',
  reserved: PYTHON_LEXICON.keywords,
};

const C_NAMES: NameRules = {
  language: 'C/C++',
  // Clang accepts more (universal character names), but no C code base spells a name otherwise.
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  identifierText: 'an ASCII letter or "_" followed by ASCII letters, digits or "_"',
  // C23's keywords and C++'s (a header is read as both), without the preprocessor's directive names.
  reserved: [
    ...C_LEXICON.keywords.filter((k) => k !== 'include' && k !== 'define'),
    ...['_Alignas', '_Alignof', '_Atomic', '_Bool', '_Complex', '_Generic', '_Imaginary', '_Noreturn', '_Static_assert'],
    ...['_Thread_local', 'alignas', 'alignof', 'static_assert', 'thread_local', 'typeof', 'typeof_unqual', 'asm', 'char8_t'],
    ...['char16_t', 'char32_t', 'concept', 'consteval', 'constinit', 'const_cast', 'co_await', 'co_return', 'co_yield'],
    ...['decltype', 'dynamic_cast', 'explicit', 'export', 'mutable', 'reinterpret_cast', 'requires', 'static_cast', 'typeid'],
    ...['wchar_t', 'and', 'and_eq', 'bitand', 'bitor', 'compl', 'not', 'not_eq', 'or', 'or_eq', 'xor', 'xor_eq'],
  ],
};

const GO_NAMES: NameRules = {
  language: 'Go',
  identifier: /^[\p{L}_][\p{L}\p{Nd}_]*$/u,
  identifierText: 'a letter or "_" followed by letters, digits or "_"',
  reserved: GO_LEXICON.keywords,
};

/** Python through pyright, a dependency of the bridge: it works with no install step. */
export const PYTHON: BuiltinProfile = {
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
  lexicon: PYTHON_LEXICON,
  // pyright names the rule of every error it checks (`reportUndefinedVariable`); its parser's errors have none.
  syntax: { errors: { source: 'Pyright', withoutCode: true }, blocks: 'indentation' },
  naming: PYTHON_NAMES,
  // pyright renames a method without the methods that override it or that it overrides.
  methodRelatives: 'class-headers',
  configFiles: ['pyrightconfig.json', 'pyproject.toml', 'setup.cfg'],
  // Project-wide diagnostics check what `pyright` run in the project checks: its include and exclude.
  checkerScope: 'pyright',
  checksOneAtATime: true,
  pullsDiagnostics: true,
  // pyright watches every file, but reloads a changed config on a 100 ms timer: a request right after would not see it.
  restartOnConfigChange: true,
};

/** C and C++ through clangd, found on PATH. */
export const C_CPP: BuiltinProfile = {
  name: 'c-cpp',
  displayName: 'C/C++',
  extensions: {
    ...{ '.c': 'c', '.h': 'c' },
    ...{ '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.c++': 'cpp', '.hh': 'cpp', '.hpp': 'cpp', '.hxx': 'cpp', '.h++': 'cpp' },
  },
  // --completion-parse=always: completion waits for the parser, never words of the text marked as text (its fallback).
  // --background-index=false: no index files are written into the workspace (.cache/clangd).
  // --use-dirty-headers: a file is compiled against the open (edited) texts of the headers and
  // `.c` files it includes, not their disk texts: a rename's check sees every edited file.
  server: {
    kind: 'executable',
    command: 'clangd',
    args: ['--background-index=false', '--log=error', '--use-dirty-headers', '--completion-parse=always'],
    install: 'apt-get install clangd',
  },
  generatesCompileCommands: true,
  recheck: 'ask',
  dependencyDirectories: [],
  lexicon: C_LEXICON,
  // clangd tells clang's categories: a parse or lexical error is syntax ("Semantic Issue" and the rest are not).
  syntax: { errors: { source: 'clang', categories: ['Parse Issue', 'Lexical or Preprocessor Issue'] }, blocks: 'braces' },
  naming: C_NAMES,
  // clangd 14 registers no file watcher and keeps what it read of these: a change restarts it.
  configFiles: ['compile_flags.txt', 'compile_commands.json', '.clangd'],
};

/** Go through gopls, found on PATH. */
export const GO: BuiltinProfile = {
  name: 'go',
  displayName: 'Go',
  extensions: { '.go': 'go' },
  server: { kind: 'executable', command: 'gopls', args: ['serve'], install: 'apt-get install gopls golang-go' },
  dependencyDirectories: [],
  indexesWorkspace: true,
  awaitsWorkspaceLoad: true,
  recheck: 'change',
  checksOneAtATime: true,
  lexicon: GO_LEXICON,
  // gopls publishes the parser's errors with the source "syntax" (type errors: "compiler").
  syntax: { errors: { source: 'syntax' }, blocks: 'braces', leadingKeywords: ['type', 'var', 'const'] },
  naming: GO_NAMES,
  // go vet requires an example's name to name an identifier of its package; gopls leaves them alone.
  namedAfter: { fileSuffix: '_test.go', prefix: 'Example' },
  // gofmt indents with tabs: a replaced body is written so, however the agent indented it.
  indentsWithTabs: true,
  // gopls watches these itself (a registration for **/*.{go,mod,sum,work}) and reloads the module before its next answer.
  configFiles: ['go.mod', 'go.sum', 'go.work'],
};

/** The languages served out of the box besides TypeScript and JavaScript. */
export const BUILTIN_PROFILES: readonly BuiltinProfile[] = [PYTHON, C_CPP, GO];
