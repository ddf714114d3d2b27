import { describe, expect, it } from 'vitest';
import { TsWorkspace } from '../src/ts-workspace.js';
import { TempDir } from './temp-dir.js';

const CONFIG = JSON.stringify({
  compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', outDir: 'dist', strict: true },
  include: ['source'],
});

describe('unlisted importers', () => {
  it('are the unlisted files that import a listed file, directly or through another; not declarations, not build output', () => {
    using dir = new TempDir();
    dir.write('package.json', JSON.stringify({ type: 'module' }));
    dir.write('tsconfig.json', CONFIG);
    dir.write('source/total.ts', 'export const total = 1;\n');
    const named = dir.write('test/named.test.ts', "import { total } from '../source/total.js';\nexport const t = total;\n");
    const dynamic = dir.write('test/dynamic.test.ts', "export const t = (await import('../source/total.js')).total;\n");
    const reexport = dir.write('test/helpers/index.ts', "export { total } from '../../source/total.js';\n");
    const through = dir.write('test/through.test.ts', "import { total } from './helpers/index.js';\nexport const t = total;\n");
    const required = dir.write('scripts/run.cts', "const { total } = require('../source/total.js');\nexport = total;\n");
    dir.write('test/alone.test.ts', 'export const total = 2;\n');
    dir.write('test/types.d.ts', "import type { total } from '../source/total.js';\n");
    dir.write('dist/total.test.js', "import { total } from '../source/total.js';\n");
    const ws = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
    ws.files.beginCall();

    expect(ws.unlistedImporters(dir.root)).toEqual([required, dynamic, reexport, named, through]);
  });

  it('sees a file created, or an import removed, by the next call', () => {
    using dir = new TempDir();
    dir.write('package.json', JSON.stringify({ type: 'module' }));
    dir.write('tsconfig.json', CONFIG);
    dir.write('source/total.ts', 'export const total = 1;\n');
    const first = dir.write('test/first.test.ts', "import { total } from '../source/total.js';\nexport const t = total;\n");
    const ws = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
    ws.files.beginCall();
    expect(ws.unlistedImporters(dir.root)).toEqual([first]);
    expect(ws.unlistedImporters(dir.root)).toBe(ws.unlistedImporters(dir.root));

    const later = dir.write('test/later.test.ts', "import { total } from '../source/total.js';\nexport const t = total;\n");
    ws.files.beginCall();
    expect(ws.unlistedImporters(dir.root)).toEqual([first, later]);

    dir.write('test/first.test.ts', 'export const t = 2;\n');
    ws.files.beginCall();
    expect(ws.unlistedImporters(dir.root)).toEqual([later]);
  });

  it('are none without unlisted files', () => {
    using dir = new TempDir();
    dir.write('tsconfig.json', JSON.stringify({ include: ['source', 'test'] }));
    dir.write('source/total.ts', 'export const total = 1;\n');
    dir.write('test/total.test.ts', "import { total } from '../source/total';\nexport const t = total;\n");
    const ws = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
    ws.files.beginCall();

    expect(ws.unlistedImporters(dir.root)).toEqual([]);
  });
});
