import { bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, located, scopeOf } from './fixture.js';

const MODULES = '"module": "esnext", "moduleResolution": "bundler"';

describe('project discovery', () => {
  let index: TsSymbolIndex;
  let fx: Fixture | undefined;
  beforeEach(() => {
    index = new TsSymbolIndex();
  });
  afterEach(() => {
    index.dispose();
    fx?.cleanup();
    fx = undefined;
  });

  it('answers a file with the nearest tsconfig.json (AC-1.5.2)', async () => {
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { "strict": false, ${MODULES} } }`,
      'loose.ts': 'export function loose(p) { return p; }\n',
      'packages/a/tsconfig.json': `{ "compilerOptions": { "strict": true, ${MODULES} } }`,
      'packages/a/src/strict.ts': 'export function strict(/*@p*/p) { return p; }\n',
    });
    const strict = await index.diagnostics(scopeOf(fx), fx.path('packages/a/src/strict.ts'));
    expect(strict.map((d) => [d.code, d.start])).toContainEqual([7006, fx.offset('packages/a/src/strict.ts', '/*@p*/')]);
    const loose = await index.diagnostics(scopeOf(fx), fx.path('loose.ts'));
    expect(loose.filter((d) => d.code === 7006)).toEqual([]);
    expect(index.loadedProjects()).toEqual([fx.path('packages/a/tsconfig.json'), fx.path('tsconfig.json')]);
  });

  it('prefers tsconfig.json to jsconfig.json in the same directory', async () => {
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { "allowJs": true, ${MODULES} } }`,
      'jsconfig.json': '{ "compilerOptions": { "checkJs": true } }',
      'a.js': 'export const n = 1;\nn.toFixed();\n',
    });
    await index.definitions(scopeOf(fx), fx.at('a.js', 'n.toFixed'));
    expect(index.loadedProjects()).toEqual([fx.path('tsconfig.json')]);
  });

  it('falls back to jsconfig.json, where JavaScript is checked as configured (AC-1.5.3)', async () => {
    fx = new Fixture({
      'jsconfig.json': '{ "compilerOptions": { "checkJs": true, "module": "esnext" } }',
      'src/math.js': 'export function /*@decl*/twice(n) { return n * 2; }\n',
      'src/main.js': 'import { twice } from "./math.js";\n/*@use*/twice(1);\nconst s = "x";\ns./*@bad*/nope;\n',
    });
    const defs = await index.definitions(scopeOf(fx), fx.at('src/main.js', '/*@use*/'));
    expect(located(fx, defs)).toEqual(fx.spans(['src/math.js', '/*@decl*/']));
    const diagnostics = await index.diagnostics(scopeOf(fx), fx.path('src/main.js'));
    expect(diagnostics.map((d) => [d.code, d.start])).toContainEqual([2339, fx.offset('src/main.js', '/*@bad*/')]);
    expect(index.loadedProjects()).toEqual([fx.path('jsconfig.json')]);
  });

  it('resolves a solution config to the referenced project that lists the file (Nx tsconfig.lib.json / tsconfig.spec.json)', async () => {
    fx = new Fixture({
      'tsconfig.base.json': `{ "compilerOptions": { "strict": true, ${MODULES} } }`,
      'packages/lib/tsconfig.json':
        '{ "files": [], "include": [], "references": [{ "path": "./tsconfig.lib.json" }, { "path": "./tsconfig.spec.json" }] }',
      'packages/lib/tsconfig.lib.json':
        '{ "extends": "../../tsconfig.base.json", "include": ["src/**/*.ts"], "exclude": ["src/**/*.spec.ts"] }',
      'packages/lib/tsconfig.spec.json': '{ "extends": "../../tsconfig.base.json", "include": ["src/**/*.spec.ts"] }',
      'packages/lib/src/sum.ts': 'export function /*@decl*/sum(a: number, b: number) { return a + b; }\n',
      'packages/lib/src/sum.spec.ts': 'import { sum } from "./sum";\n/*@use*/sum(1, 2);\n',
    });
    const defs = await index.definitions(scopeOf(fx), fx.at('packages/lib/src/sum.spec.ts', '/*@use*/'));
    expect(located(fx, defs)).toEqual(fx.spans(['packages/lib/src/sum.ts', '/*@decl*/']));
    expect(index.loadedProjects()).toEqual([fx.path('packages/lib/tsconfig.spec.json')]);
    await index.diagnostics(scopeOf(fx), fx.path('packages/lib/src/sum.ts'));
    expect(index.loadedProjects()).toContain(fx.path('packages/lib/tsconfig.lib.json'));
  });

  it('uses an inferred project over the whole workspace when there is no config (AC-1.5.4, EC-001.1)', async () => {
    fx = new Fixture({
      'lib/util.mjs': 'export function /*@decl*/helper() { return 1; }\n',
      'src/app.ts': 'import { helper } from "../lib/util.mjs";\nexport const x = /*@ts*/helper();\n',
      'src/view.jsx': 'import { helper } from "../lib/util.mjs";\nexport const v = <div>{/*@jsx*/helper()}</div>;\n',
      'node_modules/dep/index.js': 'helper();\n',
    });
    const refs = await index.references(scopeOf(fx), fx.at('lib/util.mjs', '/*@decl*/'));
    expect(located(fx, refs.references)).toEqual(
      fx.spans(
        ['lib/util.mjs', '/*@decl*/'],
        ['src/app.ts', 'helper'],
        ['src/app.ts', '/*@ts*/'],
        ['src/view.jsx', 'helper'],
        ['src/view.jsx', '/*@jsx*/'],
      ),
    );
    expect(index.loadedProjects()).toEqual([`inferred:${fx.root}`]);
    const diagnostics = await index.diagnostics(scopeOf(fx), fx.path('src/app.ts'));
    expect(diagnostics.filter((d) => d.category === 'error')).toEqual([]);
  });

  it('serves a file outside every include by adding it to the nearest project (EC-001.5)', async () => {
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { "strict": true, ${MODULES} }, "include": ["src"] }`,
      'src/api.ts': 'export function /*@decl*/api() {}\n',
      'scripts/tool.ts': 'import { api } from "../src/api";\n/*@use*/api();\nexport function tool(/*@p*/p) {}\n',
    });
    const defs = await index.definitions(scopeOf(fx), fx.at('scripts/tool.ts', '/*@use*/'));
    expect(located(fx, defs)).toEqual(fx.spans(['src/api.ts', '/*@decl*/']));
    const diagnostics = await index.diagnostics(scopeOf(fx), fx.path('scripts/tool.ts'));
    expect(diagnostics.map((d) => [d.code, d.start])).toContainEqual([7006, fx.offset('scripts/tool.ts', '/*@p*/')]);
    expect(index.loadedProjects()).toEqual([fx.path('tsconfig.json')]);
  });

  it('serves a JavaScript file of a project without allowJs through the inferred project', async () => {
    fx = new Fixture({
      'tsconfig.json': `{ "compilerOptions": { ${MODULES} }, "include": ["src"] }`,
      'src/main.ts': 'export const main = 1;\n',
      'src/legacy.js': 'export function /*@decl*/legacy() {}\n/*@use*/legacy();\n',
    });
    const defs = await index.definitions(scopeOf(fx), fx.at('src/legacy.js', '/*@use*/'));
    expect(located(fx, defs)).toEqual(fx.spans(['src/legacy.js', '/*@decl*/']));
    expect(index.loadedProjects()).toEqual([`inferred:${fx.root}`]);
  });

  describe('refuses an unusable config with CONFIG_NOT_FOUND naming the file', () => {
    const refusal = async (
      files: Record<string, string>,
      query: string,
    ): Promise<{ code: string; message: string; resolution: string }> => {
      fx = new Fixture(files);
      const error = await index.definitions(scopeOf(fx), fx.at(query, 'x')).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      const bridge = bridgeErrorOf(error);
      if (bridge === undefined) throw new Error(`expected a BridgeException, got ${String(error)}`);
      return bridge;
    };

    it('for invalid JSON', async () => {
      const error = await refusal(
        { 'app/tsconfig.json': '{ "compilerOptions": { "strict": true,, } }', 'app/a.ts': 'const x = 1;\n' },
        'app/a.ts',
      );
      expect(error.code).toBe('CONFIG_NOT_FOUND');
      expect(error.message).toContain('app/tsconfig.json is not valid JSON at line 1');
      expect(error.resolution).toContain('app/tsconfig.json');
    });

    it('for an extends target that does not exist', async () => {
      const error = await refusal({ 'tsconfig.json': '{ "extends": "./missing.base.json" }', 'a.ts': 'const x = 1;\n' }, 'a.ts');
      expect(error.code).toBe('CONFIG_NOT_FOUND');
      expect(error.message).toContain('tsconfig.json cannot be used');
      expect(error.message).toContain('missing.base.json');
      expect(error.message).not.toContain(fx?.root ?? '');
    });

    it('for an extends package that cannot be resolved', async () => {
      const error = await refusal({ 'tsconfig.json': '{ "extends": "@acme/tsconfig" }', 'a.ts': 'const x = 1;\n' }, 'a.ts');
      expect(error.code).toBe('CONFIG_NOT_FOUND');
      expect(error.message).toContain('@acme/tsconfig');
    });

    it('for a reference target that does not exist', async () => {
      const error = await refusal(
        { 'tsconfig.json': '{ "files": [], "references": [{ "path": "./packages/gone" }] }', 'a.ts': 'const x = 1;\n' },
        'a.ts',
      );
      expect(error.code).toBe('CONFIG_NOT_FOUND');
      expect(error.message).toBe('tsconfig.json references packages/gone/tsconfig.json, which does not exist');
    });
  });
});
