// The real projects of the check, each at a fixed commit, and how each is built and tested. The
// clones are not part of the repository: `source` is a local clone, `ref` the commit (or tag)
// exported from it with `git archive` into a scratch copy, never the clone itself.
const python = (name, source) => ({
  name,
  language: 'python',
  source,
  ref: 'HEAD',
  files: { include: ['src/', 'tests/'], ext: ['.py'], exclude: [] },
  symbolsFrom: ['src/'],
  build: [
    ['compileall', 'python3', ['-m', 'compileall', '-q', '.']],
    ['pyright', 'PYRIGHT', ['src']],
    ['pytest', 'python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests']],
  ],
});
const go = (name, source) => ({
  name,
  language: 'go',
  source,
  ref: 'HEAD',
  files: { include: [''], ext: ['.go'], exclude: [] },
  symbolsFrom: [''],
  symbolsExclude: /_test\.go$/,
  build: [
    ['go build', 'go', ['build', './...']],
    ['go vet', 'go', ['vet', './...']],
    ['go test', 'go', ['test', './...']],
  ],
});

export const PROJECTS = [
  python('itsdangerous', '/tmp/realprojects/itsdangerous'),
  python('python-dotenv', '/tmp/realprojects/python-dotenv'),
  go('uuid', '/tmp/realprojects/uuid'),
  go('pflag', '/tmp/realprojects/pflag'),
  {
    name: 'cJSON',
    language: 'c',
    source: '/tmp/realprojects/cJSON',
    ref: 'HEAD',
    // The project's own include dirs, as its CMakeLists gives them, for clangd (bridge and truth alike).
    compileFlags: ['-xc', '-std=c89', '-I.', '-Itests', '-Itests/unity/src', '-Itests/unity/examples'],
    files: {
      include: ['', 'tests/', 'fuzzing/'],
      ext: ['.c', '.h'],
      exclude: ['tests/unity/', 'tests/json-patch-tests/', 'tests/inputs/'],
    },
    symbolsFrom: ['cJSON.c', 'cJSON_Utils.c', 'cJSON.h', 'cJSON_Utils.h'],
    build: [
      ['cc -fsyntax-only', 'SYNTAX', ['-I.', '-Itests', '-Itests/unity/src', '-Itests/unity/examples']],
      ['make all test', 'make', ['all', 'test']],
    ],
  },
  {
    name: 'sds',
    language: 'c',
    source: '/tmp/realprojects/sds',
    ref: 'HEAD',
    compileFlags: ['-xc', '-std=c99', '-I.', '-DSDS_TEST_MAIN'],
    files: { include: [''], ext: ['.c', '.h'], exclude: [] },
    symbolsFrom: [''],
    build: [
      ['cc -fsyntax-only', 'SYNTAX', ['-I.', '-std=c99', '-DSDS_TEST_MAIN']],
      ['make', 'make', []],
      ['./sds-test', './sds-test', []],
    ],
  },
  {
    // cookie is a TypeScript ES module since 1.0: 0.7.2 is its last CommonJS release.
    name: 'cookie',
    language: 'javascript',
    source: '/tmp/realprojects/cookie',
    ref: 'v0.7.2',
    npmInstall: true,
    files: { include: [''], ext: ['.js'], exclude: ['node_modules/'] },
    symbolsFrom: ['index.js'],
    build: [
      ['node --check', 'NODECHECK', []],
      ['mocha', 'npx', ['mocha', '--reporter', 'dot', '--check-leaks', 'test/']],
    ],
  },
  {
    // commander is an ES module since 15.0: 14.0.3 is its last CommonJS release.
    name: 'commander.js',
    language: 'javascript',
    source: '/tmp/realprojects/commander.js',
    ref: 'v14.0.3',
    npmInstall: true,
    files: { include: [''], ext: ['.js'], exclude: ['node_modules/', 'examples/', 'docs/', 'typings/'] },
    symbolsFrom: ['lib/'],
    build: [
      ['node --check', 'NODECHECK', []],
      // No --silent: commander's tests parse process.argv, and jest's own arguments would be in it.
      ['jest', 'npx', ['jest']],
    ],
  },
];
