import { bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { projectFiles, unlistedFiles } from '../src/config/discovery.js';
import { TsWorkspace } from '../src/ts-workspace.js';
import { TempDir } from './temp-dir.js';

function workspaceOf(): TsWorkspace {
  const ws = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
  ws.files.beginCall();
  return ws;
}

describe('config discovery', () => {
  it('finds every tsconfig, a jsconfig only where no tsconfig sits beside it, and the configs they reference', () => {
    using dir = new TempDir();
    const solution = dir.write('tsconfig.json', JSON.stringify({ files: [], references: [{ path: './libs/core/tsconfig.lib.json' }] }));
    const lib = dir.write('libs/core/tsconfig.lib.json', JSON.stringify({ include: ['src'] }));
    dir.write('libs/core/src/core.ts', 'export const core = 1;\n');
    const js = dir.write('apps/web/jsconfig.json', '{}');
    dir.write('apps/web/main.js', 'export {};\n');
    const both = dir.write('apps/api/tsconfig.json', '{}');
    dir.write('apps/api/jsconfig.json', '{}');
    dir.write('apps/api/main.ts', 'export {};\n');
    const ws = workspaceOf();

    const found = ws.configsOf(dir.root);

    expect(found.configs.map((c) => c.path)).toEqual([both, js, solution, lib]);
    expect(found.broken).toEqual([]);
    expect(projectFiles(dir.root, found, ws.listing(dir.root))).toEqual([
      dir.path('apps/api/main.ts'),
      dir.path('apps/web/main.js'),
      dir.path('libs/core/src/core.ts'),
    ]);
  });

  it("keeps a discovery's project files while nothing changes, and sees a file added and a config's list edited", () => {
    using dir = new TempDir();
    dir.write('tsconfig.json', JSON.stringify({ include: ['src'] }));
    const a = dir.write('src/a.ts', 'export const a = 1;\n');
    const ws = workspaceOf();
    const filesNow = (): readonly string[] => {
      ws.files.beginCall();
      return ws.projectFilesOf(dir.root, ws.configsOf(dir.root));
    };

    const first = filesNow();
    expect(first).toEqual([a]);
    expect(filesNow()).toBe(first);

    const b = dir.write('src/b.ts', 'export const b = 2;\n');
    expect(filesNow()).toEqual([a, b]);

    dir.write('tsconfig.json', JSON.stringify({ files: ['src/b.ts'] }));
    expect(filesNow()).toEqual([b]);
  });

  it("lists the workspace's source files no config lists (tests/ outside the include), none without a config", () => {
    using dir = new TempDir();
    dir.write('tsconfig.json', JSON.stringify({ compilerOptions: { allowJs: true }, include: ['lib/**/*.js'] }));
    dir.write('lib/help.js', 'exports.strip = (s) => s.trim();\n');
    const test = dir.write('tests/help.test.js', "require('../lib/help');\n");
    const tool = dir.write('tools/run.ts', 'export {};\n');
    dir.write('node_modules/dep/index.js', 'module.exports = 1;\n');
    dir.write('README.md', '# help\n');
    const ws = workspaceOf();

    const found = ws.configsOf(dir.root);

    expect(unlistedFiles(dir.root, found, ws.listing(dir.root))).toEqual([test, tool]);
    expect(unlistedFiles(dir.root, { configs: [], broken: [] }, ws.listing(dir.root))).toEqual([]);
  });

  it('lists a broken config with its CONFIG_NOT_FOUND refusal, naming the file relative to the root', () => {
    using dir = new TempDir();
    const broken = dir.write('tsconfig.json', '{ "compilerOptions": { ');
    const ws = workspaceOf();

    const found = ws.configsOf(dir.root);

    expect(found.configs).toEqual([]);
    expect(found.broken.map((b) => b.path)).toEqual([broken]);
    expect(bridgeErrorOf(found.broken[0]?.error)?.code).toBe('CONFIG_NOT_FOUND');
    expect(found.broken[0]?.reason).toMatch(/^tsconfig\.json is not valid JSON at line 1/);
    expect(projectFiles(dir.root, found, ws.listing(dir.root))).toEqual([]);
  });

  it('gives a file to the referenced config that lists it, and a loose JavaScript file to the inferred project', () => {
    using dir = new TempDir();
    dir.write('tsconfig.json', JSON.stringify({ files: [], references: [{ path: './libs/core' }] }));
    const lib = dir.write('libs/core/tsconfig.json', JSON.stringify({ include: ['src'] }));
    const core = dir.write('libs/core/src/core.ts', 'export const core = 1;\n');
    const loose = dir.write('tools/run.js', 'export {};\n');
    const ws = workspaceOf();

    expect(ws.ownerOf(dir.root, core).spec).toEqual({ kind: 'config', key: lib, configPath: lib });
    expect(ws.ownerOf(dir.root, loose)).toEqual({ spec: { kind: 'inferred', key: `inferred:${dir.root}`, root: dir.root } });
  });
});
