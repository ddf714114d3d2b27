import { builtinModules } from 'node:module';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The domain is pure TypeScript: no Node, no compiler, no protocol or framework
// (docs/architecture.md, "Layers"). Every Node builtin is banned, with or without `node:`.
const domainBannedPatterns = [
  'node:*',
  ...builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `${name}/*`]),
  'typescript',
  'typescript/*',
  'vscode-*',
  'inversify',
  'inversify/*',
  '@modelcontextprotocol/*',
  'zod',
  'zod/*',
];

// What starts a process (the apps, and what `--version`, `init` and the set-up check load) imports the
// domain's values from its front entry: its index loads every use-case (docs/performance.md, "fifth pass").
const domainIndexValues = {
  name: '@mcp-lsp-bridge/domain',
  allowTypeImports: true,
  message: 'Import values from @mcp-lsp-bridge/domain/front (add there what is missing): the index loads every use-case.',
};

// The Node globals plain scripts use (the `globals` package is not a dependency).
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'AbortController',
    'AbortSignal',
    'TextEncoder',
    'TextDecoder',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'queueMicrotask',
    'structuredClone',
    'fetch',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.nx/**',
      'e2e/fixtures/**',
      'e2e/.work/**',
      'examples/**/node_modules/**',
    ],
  },
  js.configs.recommended,
  ...nx.configs['flat/base'],
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // Per-package vitest configs are in no tsconfig; lint them with the base options.
          allowDefaultProject: ['packages/*/vitest.config.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Numbers in messages ("line 3") are the point of most template strings here.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `(m) => console.error(m)` callbacks read fine; void returns elsewhere stay flagged.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `import ts = require('typescript')`: Node lexes a CommonJS module imported from ESM for its
      // export names, which for TypeScript's 9 MB file costs several times loading it (cold start).
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
    },
  },
  {
    // Plain JS (this file, scripts/) is in no tsconfig: lint it untyped, as Node code.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // CommonJS files (.pnpmfile.cjs): pnpm loads them with require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, module: 'writable', require: 'readonly' } },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'layer:domain', onlyDependOnLibsWithTags: ['layer:domain'] },
            { sourceTag: 'layer:adapter', onlyDependOnLibsWithTags: ['layer:domain', 'layer:adapter'] },
            { sourceTag: 'layer:composition', onlyDependOnLibsWithTags: ['layer:adapter', 'layer:domain'] },
            { sourceTag: 'layer:app', onlyDependOnLibsWithTags: ['layer:composition', 'layer:adapter', 'layer:domain'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['*'] },
            // The published package bundles the apps and re-exports the library of the composition root.
            { sourceTag: 'type:package', onlyDependOnLibsWithTags: ['layer:app', 'layer:composition'] },
          ],
        },
      ],
    },
  },
  {
    // Adapters return facts; the domain decides the code and words the message (docs/architecture.md, "Errors").
    files: ['packages/{fs-adapter,ts-syntax,ts-workspace,tsservice-adapter,lsp-adapter,workspace,setup-adapter}/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Both of the domain's entries export them.
          paths: ['@mcp-lsp-bridge/domain', '@mcp-lsp-bridge/domain/front'].map((name) => ({
            name,
            importNames: ['bridgeError', 'toolError', 'ErrorCode', 'defaultResolution'],
            message:
              'Adapters report facts: call the domain function that words this failure (domain/src/errors/*-failures.ts), or add one there.',
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='BridgeException'] > ObjectExpression",
          message: 'Adapters report facts: wrap the BridgeError a domain function words (domain/src/errors/*-failures.ts).',
        },
        {
          selector:
            "ImportDeclaration[source.value='typescript'][importKind='value'] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier)",
          message:
            "Load TypeScript with `import ts = require('typescript')`: an ESM import of its 9 MB CommonJS file makes Node scan all of it for named exports first (about 200 ms of every cold start; docs/performance.md, eighth pass).",
        },
      ],
    },
  },
  {
    // The apps start on the fronts' entries: the domain's and the bridge's indexes load every use-case
    // and every language's server description (docs/performance.md, "fifth pass"). Types are free; what
    // only one command needs is imported where it runs, with `await import(…)`.
    files: ['packages/{cli-app,mcp-app}/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            domainIndexValues,
            {
              name: '@mcp-lsp-bridge/bridge',
              allowTypeImports: true,
              message:
                'Import from @mcp-lsp-bridge/bridge/front or /daemon, or `await import` the index where it is needed: it loads every server description.',
            },
          ],
        },
      ],
    },
  },
  {
    // What `--version`, `init` and the set-up check load to find the servers (the adapters' start
    // entries, `./server-locations`, `./installed-versions`, `./server-versions`): the domain's front
    // entry, not its index and its 88 modules (docs/performance.md, "fifth pass").
    files: [
      'packages/lsp-adapter/src/languages/{server-locations,server-command,language-profile,builtin-profiles}.ts',
      'packages/lsp-adapter/src/connection/installed-versions.ts',
      'packages/setup-adapter/src/server-versions.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [domainIndexValues],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: domainBannedPatterns,
              message:
                'The domain is pure TypeScript: reach Node, the compiler, protocols and frameworks through a port implemented in an adapter.',
            },
          ],
        },
      ],
    },
  },
);
