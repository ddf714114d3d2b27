import { chooseCompiler, type CompilerPolicy } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { BUNDLED_JS_COMPILER } from '@mcp-lsp-bridge/ts-workspace';
import { gatherSetupFacts } from '../src/index.js';
import { builtinOptions, project } from './helpers.js';

/** In process only, the bundled compiler as the fallback: the tsservice backend's rule. */
const policy: CompilerPolicy = {
  typescript: 'workspace',
  runtimes: ['js'],
  bundled: { js: BUNDLED_JS_COMPILER },
  fallback: 'js',
  backendLabel: 'LSP_BRIDGE_BACKEND=tsservice',
};

describe('TypeScript projects', () => {
  it('lists each tsconfig.json with the compiler the backend would choose, and what its package.json asks for', async () => {
    using app = project({
      'package.json': JSON.stringify({ devDependencies: { typescript: '^6.0.0' } }),
      'packages/a/tsconfig.json': '{}',
      'packages/a/index.ts': 'export const a = 1;\n',
      'packages/b/jsconfig.json': '{}',
      'packages/b/index.js': 'export const b = 1;\n',
    });
    const facts = await gatherSetupFacts(app.root, { ...builtinOptions(), compilerPolicy: policy });
    // The oracle: the rule itself, on a lookup that found no typescript and a declaration of one.
    const expected = chooseCompiler(
      { found: undefined, declared: { manifest: `${app.root}/package.json`, range: '^6.0.0' }, plugAndPlay: false },
      policy,
    );
    expect(facts.typescriptProjects).toEqual(
      ['packages/a/tsconfig.json', 'packages/b/jsconfig.json'].map((config) => ({
        project: config,
        compiler: { version: expected.version, source: 'bundled', path: expected.packageDir, note: expected.note },
        declared: { manifest: 'package.json', range: '^6.0.0' },
      })),
    );
    expect(facts.brokenProjects).toEqual([]);
  });

  it('makes the root one project when it has TypeScript files and no config, and none without them', async () => {
    using withFiles = project({ 'index.ts': 'export {};\n' });
    expect((await gatherSetupFacts(withFiles.root, { ...builtinOptions(), compilerPolicy: policy })).typescriptProjects).toEqual([
      { project: '.', compiler: { version: BUNDLED_JS_COMPILER.version, source: 'bundled', path: BUNDLED_JS_COMPILER.packageDir } },
    ]);
    using without = project({ 'main.py': 'x = 1\n' });
    expect((await gatherSetupFacts(without.root, { ...builtinOptions(), compilerPolicy: policy })).typescriptProjects).toEqual([]);
  });

  it('reports a config that cannot be parsed, with the reason its calls get', async () => {
    using app = project({ 'tsconfig.json': '{ "extends": "./missing.json" }', 'index.ts': 'export {};\n' });
    const facts = await gatherSetupFacts(app.root, { ...builtinOptions(), compilerPolicy: policy });
    expect(facts.brokenProjects).toEqual([{ project: 'tsconfig.json', reason: expect.stringContaining('missing.json') as unknown }]);
  });
});
