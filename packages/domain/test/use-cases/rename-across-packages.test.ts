import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { RenameSymbolInput } from '../../src/model/inputs.js';
import { neverAborted } from '../../src/testing/index.js';
import { renameSymbol } from '../../src/use-cases/rename-symbol.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

const SOURCE = 'export class Widget {}\n';
const OUTPUT = 'export declare class Widget {\n}\n//# sourceMappingURL=widget.d.ts.map\n';
const CONSUMER = "import { Widget } from '@s/lib';\nexport const w = new Widget();\n";

/** packages/lib declares Widget (and its build output declares it again); packages/app uses it by package name. */
function workspace(): { ws: Workspace; source: string; output: string; consumer: string } {
  const ws = new Workspace();
  const source = ws.file('packages/lib/src/widget.ts', SOURCE);
  const output = ws.file('packages/lib/dist/widget.d.ts', OUTPUT);
  const consumer = ws.file('packages/app/src/main.ts', CONSUMER);
  ws.symbols.addSymbolByText('Widget', [source, output, consumer]);
  return { ws, source, output, consumer };
}

function input(newName: string): RenameSymbolInput {
  const { line, column } = locate(SOURCE, 'Widget');
  return { workspaceRoot: ROOT, filePath: 'packages/lib/src/widget.ts', line, column, newName };
}

describe('renameSymbol across workspace packages', () => {
  it('never edits build output: drops its edits when the package source is renamed too, and names the package to rebuild', async () => {
    const { ws, output } = workspace();
    ws.symbols.renameBuildOutputs = [{ path: output, packageDir: `${ROOT}/packages/lib`, packageName: '@s/lib' }];

    const result = successOf(await renameSymbol(ws.ports, input('Gadget'), neverAborted));

    expect(result.filesModified.map((f) => f.filePath)).toEqual(['packages/app/src/main.ts', 'packages/lib/src/widget.ts']);
    expect(result.rebuild).toEqual(['@s/lib']);
    expect((ws.writer.written[0] ?? []).map((c) => c.path)).not.toContain(output);
  });

  it('refuses with RENAME_CONFLICT, naming each package it could not search and why, and writes nothing', async () => {
    const { ws } = workspace();
    ws.symbols.renamePackages = {
      packageDir: `${ROOT}/packages/lib`,
      packageName: '@s/lib',
      built: true,
      foundInOutput: false,
      consumers: [
        {
          packageDir: `${ROOT}/packages/web`,
          packageName: '@s/web',
          spellsName: true,
          importsName: false,
          importsSource: false,
          reached: false,
        },
      ],
    };

    const error = errorOf(await renameSymbol(ws.ports, input('Gadget'), neverAborted));

    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error.message).toContain(
      'packages/web (@s/web): it imports @s/lib through its build output, where the declaration could not be found',
    );
    expect(error.message).toContain('Nothing was changed');
    expect(error.resolution).toContain('declarationMap: true');
    expect(ws.writer.written).toEqual([]);
  });

  it('renames a package one call of the rename could not search when another call reached it (through a re-export)', async () => {
    const { ws } = workspace();
    ws.symbols.renamePackages = {
      packageDir: `${ROOT}/packages/lib`,
      packageName: '@s/lib',
      built: false,
      foundInOutput: false,
      consumers: [
        {
          packageDir: `${ROOT}/packages/app`,
          packageName: '@s/app',
          spellsName: true,
          importsName: true,
          importsSource: false,
          reached: false,
        },
      ],
    };

    const result = successOf(await renameSymbol(ws.ports, input('Gadget'), neverAborted));

    expect(result.filesModified.map((f) => f.filePath)).toContain('packages/app/src/main.ts');
  });

  it('does not ask what renamed build output refers to: through a stale declaration map the answer can be anywhere', async () => {
    const { ws, source, output } = workspace();
    ws.symbols.renameBuildOutputs = [{ path: output, packageDir: `${ROOT}/packages/lib`, packageName: '@s/lib' }];
    ws.symbols.simulation = (simulation) => ({
      referentsBefore: simulation.before.map((at) => [{ path: at.path, start: at.offset, length: 6 }]),
      // The build output's name mapped to some other place of the source, as a server reading an old map answers.
      referentsAfter: simulation.after.map((at) => [
        at.path === output ? { path: source, start: 0, length: 6 } : { path: at.path, start: at.offset, length: 6 },
      ]),
      errorsBefore: new Map(),
      errorsAfter: new Map(),
    });

    const result = successOf(await renameSymbol(ws.ports, input('Gadget'), neverAborted));

    expect(result.rebuild).toEqual(['@s/lib']);
    expect(ws.symbols.simulations[0]?.overlay.get(output)).toContain('class Gadget');
  });

  it('refuses when build output is to be edited and nothing of its package source is: the source was not found', async () => {
    const ws = new Workspace();
    const output = ws.file('packages/lib/dist/widget.d.ts', OUTPUT);
    const consumer = ws.file('packages/app/src/main.ts', CONSUMER);
    ws.symbols.addSymbolByText('Widget', [consumer, output]);
    ws.symbols.renameBuildOutputs = [{ path: output, packageDir: `${ROOT}/packages/lib`, packageName: '@s/lib' }];
    const { line, column } = locate(CONSUMER, 'Widget()');

    const error = errorOf(
      await renameSymbol(
        ws.ports,
        { workspaceRoot: ROOT, filePath: 'packages/app/src/main.ts', line, column, newName: 'Gadget' },
        neverAborted,
      ),
    );

    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error.message).toContain('packages/lib (@s/lib)');
    expect(ws.writer.written).toEqual([]);
  });

  it('reports each entry point whose exports change, and leaves out one that exports the symbol under another name', async () => {
    const { ws } = workspace();
    const lib = { packageDir: `${ROOT}/packages/lib`, packageName: '@s/lib' };
    ws.symbols.renamePublicExports = [
      { ...lib, entryPoint: './widgets', exportedName: 'Widget' },
      { ...lib, entryPoint: '.', exportedName: 'Widget' },
      { ...lib, entryPoint: '.', exportedName: 'DefaultWidget' },
      { packageDir: `${ROOT}/packages/ui`, entryPoint: '.', exportedName: 'kit.Widget' },
    ];

    const result = successOf(await renameSymbol(ws.ports, { ...input('Gadget'), dryRun: true }, neverAborted));

    expect(result.publicApi).toEqual([
      { package: '@s/lib', entryPoint: '.', before: 'Widget', after: 'Gadget' },
      { package: '@s/lib', entryPoint: './widgets', before: 'Widget', after: 'Gadget' },
      { package: 'packages/ui', entryPoint: '.', before: 'kit.Widget', after: 'kit.Gadget' },
    ]);
  });

  it('says nothing of public API when no entry point exports the symbol', async () => {
    const { ws } = workspace();

    const result = successOf(await renameSymbol(ws.ports, input('Gadget'), neverAborted));

    expect(result).not.toHaveProperty('publicApi');
  });
});
