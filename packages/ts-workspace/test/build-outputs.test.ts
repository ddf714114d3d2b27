import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { constructorPlace } from '../src/packages/declaration-chain.js';
import { TsWorkspace } from '../src/ts-workspace.js';
import { TempDir } from './temp-dir.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const SHAPES = [
  '/** A shape. */',
  'export interface Shape {',
  '  area(): number;',
  '}',
  '',
  'export class Square implements Shape {',
  '  constructor(private readonly side: number) {}',
  '  area(): number {',
  '    const local = this.side;',
  '    return local * local;',
  '  }',
  '}',
  '',
  'export function makeSquare(side: number): Square {',
  '  return new Square(side);',
  '}',
  '',
].join('\n');

/** A package `lib` built by the real tsc into dist/, with or without declaration maps, and a consumer `app` depending on it. */
function builtWorkspace(dir: TempDir, declarationMap: boolean): void {
  dir.write('pnpm-workspace.yaml', "packages:\n  - 'packages/*'\n");
  dir.write('packages/lib/package.json', JSON.stringify({ name: '@s/lib', exports: { '.': { types: './dist/index.d.ts' } } }));
  dir.write(
    'packages/lib/tsconfig.json',
    JSON.stringify({
      compilerOptions: { declaration: true, emitDeclarationOnly: true, declarationMap, rootDir: 'src', outDir: 'dist', strict: true },
      include: ['src'],
    }),
  );
  dir.write('packages/lib/src/index.ts', "export { Square, makeSquare, type Shape } from './shapes.js';\n");
  // Some lines before the declarations, so that source and output offsets differ.
  dir.write('packages/lib/src/shapes.ts', `// The shapes.\n\n\n${SHAPES}`);
  dir.write('packages/app/package.json', JSON.stringify({ name: '@s/app', dependencies: { '@s/lib': 'workspace:*' } }));
  dir.write('packages/app/project.json', JSON.stringify({ name: 'app-project' }));
  dir.write('node_modules/ignored/package.json', JSON.stringify({ name: 'ignored' }));
  execFileSync(process.execPath, [tsc, '-p', dir.path('packages/lib/tsconfig.json')]);
}

function workspaceOf(): TsWorkspace {
  const ws = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
  ws.files.beginCall();
  return ws;
}

function spanOf(ws: TsWorkspace, file: string, needle: string, nth = 0): { path: string; start: number; length: number } {
  const text = ws.files.text(file) ?? '';
  let start = -1;
  for (let i = 0; i <= nth; i++) start = text.indexOf(needle, start + 1);
  if (start < 0) throw new Error(`${needle} not in ${file}`);
  return { path: file, start, length: needle.length };
}

describe('workspace packages', () => {
  it('are the directories with a package.json or project.json outside node_modules, with their dependencies', () => {
    using dir = new TempDir();
    builtWorkspace(dir, true);
    const ws = workspaceOf();

    const packages = ws.outputs.packages(ws.view(dir.root));

    expect(packages.map((p) => [p.name, p.dir, [...p.dependencies]])).toEqual([
      ['@s/app', dir.path('packages/app'), ['@s/lib']],
      ['@s/lib', dir.path('packages/lib'), []],
    ]);
  });
});

for (const declarationMap of [true, false]) {
  describe(`build output ${declarationMap ? 'with' : 'without'} declaration maps`, () => {
    // One build per variant: tsc takes seconds.
    const dir = new TempDir();
    builtWorkspace(dir, declarationMap);
    afterAll(() => dir.cleanup());

    it('maps declarations of the source to the built .d.ts and back, members included', () => {
      const ws = workspaceOf();
      const view = ws.view(dir.root);
      const source = dir.path('packages/lib/src/shapes.ts');
      const output = dir.path('packages/lib/dist/shapes.d.ts');

      for (const [name, nth] of [
        ['Shape', 0],
        ['Square', 0],
        ['area', 0],
        ['area', 1],
        ['makeSquare', 0],
        // A parameter property is a member of its class, which its declaration file declares before the constructor.
        ['side', 0],
        // A constructor has no name: its keyword, under its class (a map puts it on its first parameter).
        ['constructor', 0],
      ] as const) {
        const inSource = spanOf(ws, source, name, nth);
        const inOutput = spanOf(ws, output, name, nth);
        expect(ws.outputs.toOutputs(view, inSource), name).toEqual([inOutput]);
        expect(ws.outputs.toSource(view, inOutput), name).toEqual(inSource);
      }
      expect(ws.outputs.outputPackage(view, output)?.name).toBe('@s/lib');
      expect(ws.outputs.outputPackage(view, source)).toBeUndefined();
    });

    it('sees a constructor at its keyword, or at its first parameter where a declaration map puts it', () => {
      const ws = workspaceOf();
      const source = dir.path('packages/lib/src/shapes.ts');
      const tree = ws.syntax.get(source, ws.files.text(source) ?? '');
      const keyword = spanOf(ws, source, 'constructor');

      expect(constructorPlace(tree, keyword.start)).toEqual({ start: keyword.start, length: keyword.length });
      expect(constructorPlace(tree, spanOf(ws, source, 'side').start)).toEqual({ start: keyword.start, length: keyword.length });
      expect(constructorPlace(tree, spanOf(ws, source, 'Square').start)).toBeUndefined();
    });

    it('maps nothing for a local of a function body', () => {
      const ws = workspaceOf();
      expect(ws.outputs.toOutputs(ws.view(dir.root), spanOf(ws, dir.path('packages/lib/src/shapes.ts'), 'local'))).toEqual([]);
    });
  });
}
