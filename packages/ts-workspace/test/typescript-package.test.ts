import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookUpTypeScript } from '../src/compiler/typescript-package.js';
import { FileStore } from '@mcp-lsp-bridge/workspace';
import { TempDir } from './temp-dir.js';

/** A `typescript` package directory as npm, pnpm and Yarn lay one out: its manifest is what resolution reads. */
function installTypeScript(dir: TempDir, at: string, version: string): string {
  dir.write(`${at}/package.json`, JSON.stringify({ name: 'typescript', version, main: './lib/typescript.js' }));
  dir.write(`${at}/lib/typescript.js`, `exports.version = ${JSON.stringify(version)};\n`);
  return dir.path(at);
}

/** Node's own answer, the oracle: the directory of the `typescript/package.json` that `require` resolves from `dir`. */
function nodeResolves(dir: string): string | undefined {
  try {
    return path.dirname(createRequire(path.join(dir, 'index.js')).resolve('typescript/package.json'));
  } catch {
    return undefined;
  }
}

function lookupFrom(dir: string) {
  const files = new FileStore(1024 * 1024);
  files.beginCall();
  return { files, lookup: lookUpTypeScript(files, dir) };
}

describe('which typescript a project resolves', () => {
  it('walks up to a hoisted install (npm, Yarn node_modules), as Node does', () => {
    using dir = new TempDir();
    installTypeScript(dir, 'node_modules/typescript', '5.4.5');
    const app = dir.mkdir('packages/app/src');
    dir.write('packages/app/package.json', JSON.stringify({ name: 'app' }));

    const { lookup } = lookupFrom(app);

    expect(lookup.found).toEqual({ packageDir: nodeResolves(app), version: '5.4.5' });
    expect(lookup.found?.packageDir).toBe(dir.path('node_modules/typescript'));
  });

  it("follows pnpm's symlinks into the .pnpm store, each package to its own version", () => {
    using dir = new TempDir();
    installTypeScript(dir, 'node_modules/.pnpm/typescript@6.0.3/node_modules/typescript', '6.0.3');
    installTypeScript(dir, 'node_modules/.pnpm/typescript@5.4.5/node_modules/typescript', '5.4.5');
    dir.symlink('.pnpm/typescript@6.0.3/node_modules/typescript', 'node_modules/typescript');
    dir.symlink('../../../node_modules/.pnpm/typescript@5.4.5/node_modules/typescript', 'packages/legacy/node_modules/typescript');
    const legacy = dir.mkdir('packages/legacy');
    const modern = dir.mkdir('packages/modern');

    const fromLegacy = lookupFrom(legacy).lookup.found;
    const fromModern = lookupFrom(modern).lookup.found;

    expect(fromLegacy).toEqual({ packageDir: nodeResolves(legacy), version: '5.4.5' });
    expect(fromLegacy?.packageDir).toBe(dir.path('node_modules/.pnpm/typescript@5.4.5/node_modules/typescript'));
    expect(fromModern).toEqual({ packageDir: nodeResolves(modern), version: '6.0.3' });
  });

  it('lets a nested package pinned to another version win over the hoisted one, in it and below it', () => {
    using dir = new TempDir();
    installTypeScript(dir, 'node_modules/typescript', '7.0.2');
    installTypeScript(dir, 'packages/old/node_modules/typescript', '5.0.4');
    const deep = dir.mkdir('packages/old/src/deep');
    const other = dir.mkdir('packages/new');

    expect(lookupFrom(deep).lookup.found).toEqual({ packageDir: nodeResolves(deep), version: '5.0.4' });
    expect(lookupFrom(other).lookup.found).toEqual({ packageDir: nodeResolves(other), version: '7.0.2' });
  });

  it("does not look in a node_modules folder's own node_modules/node_modules", () => {
    using dir = new TempDir();
    installTypeScript(dir, 'node_modules/typescript', '5.9.3');
    installTypeScript(dir, 'node_modules/node_modules/typescript', '4.9.5');
    const insideDependency = dir.mkdir('node_modules/some-lib');

    expect(lookupFrom(insideDependency).lookup.found).toEqual({ packageDir: nodeResolves(insideDependency), version: '5.9.3' });
  });

  it('finds nothing where Node finds nothing, and reports what package.json asked for', () => {
    using dir = new TempDir();
    dir.write('package.json', JSON.stringify({ name: 'app', devDependencies: { typescript: '^7.0.2' } }));
    const src = dir.mkdir('src');

    const { lookup } = lookupFrom(src);

    expect(nodeResolves(src)).toBeUndefined();
    expect(lookup.found).toBeUndefined();
    expect(lookup.declared).toEqual({ manifest: dir.path('package.json'), range: '^7.0.2' });
  });

  it('sees an install made after the first look, on the next call', () => {
    using dir = new TempDir();
    const files = new FileStore(1024 * 1024);
    files.beginCall();
    expect(lookUpTypeScript(files, dir.root).found).toBeUndefined();

    installTypeScript(dir, 'node_modules/typescript', '6.0.3');
    files.beginCall();

    expect(lookUpTypeScript(files, dir.root).found?.version).toBe('6.0.3');
  });
});
