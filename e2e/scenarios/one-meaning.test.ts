import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { DocumentSymbolItem } from '../helpers/symbol-results.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Workspace } from '../helpers/workspace.js';

/** An overloaded function like rxjs's `subscribe`: its signatures call nothing, its implementation calls two functions. */
const OVERLOADS = [
  'export function /*@sig:pick*/pick(value: number): number;',
  'export function /*@sig:pick*/pick(value: string): string;',
  'export function /*@impl:pick*/pick(value: number | string): number | string {',
  '  return typeof value === "number" ? /*@call:twice*/twice(value) : /*@call:shout*/shout(value);',
  '}',
  'function twice(n: number): number {',
  '  return n * 2;',
  '}',
  'function shout(s: string): string {',
  '  return [s].map((part) => part.toUpperCase()).join("");',
  '}',
  '',
].join('\n');

const flatten = (items: readonly DocumentSymbolItem[]): DocumentSymbolItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  const withOverloads = async (): Promise<Workspace> => {
    const ws = await copyFixture('navigation');
    await ws.write('src/pick.ts', OVERLOADS);
    return ws;
  };

  describe('an address of an overloaded function', () => {
    verifies(
      'I10-ONE-MEANING',
      'designates its implementation for call_hierarchy, by name, by node id and by a signature’s position',
      async () => {
        await using ws = await withOverloads();
        const calls = (await ws.markers({ kinds: ['call'], file: 'src/pick.ts' })).map((m) => m.tag).sort();
        const implementation = await ws.marker('impl', 'pick');
        const signature = (await ws.markers({ tag: 'pick', kinds: ['sig'] }))[0];
        if (signature === undefined) throw new Error('no signature marker');
        for (const address of [
          { workspaceRoot: ws.root, filePath: 'src/pick.ts', symbol: 'pick' },
          { workspaceRoot: ws.root, nodeId: 'function:src/pick.ts:pick' },
          argsAt(ws, signature),
        ]) {
          const result = succeeded(await server().call('call_hierarchy', { ...address, direction: 'outgoing' }));
          expect(result.symbol.line, JSON.stringify(address)).toBe(implementation.line);
          expect(result.calls.map((c) => c.name).sort(), JSON.stringify(address)).toEqual(calls);
        }
      },
    );

    verifies('I10-ONE-MEANING', 'is replaced at its implementation by the same node id, the signatures kept', async () => {
      await using ws = await withOverloads();
      const result = succeeded(
        await server().call('replace_symbol_body', {
          workspaceRoot: ws.root,
          nodeId: 'function:src/pick.ts:pick',
          mode: 'replace-body',
          replacement: 'return value;',
        }),
      );
      expect(result.line).toBe((await ws.marker('impl', 'pick')).line);
      const text = await ws.read('src/pick.ts');
      expect(text.split('\n').filter((l) => l.includes('export function') && l.includes('pick(')).length).toBe(3);
      expect(text).toContain('  return value;\n}');
    });

    verifies('I10-ONE-MEANING', 'is one outline item whose node id resolves back to it; anonymous items carry no node id', async () => {
      await using ws = await withOverloads();
      const outline = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/pick.ts' }));
      const items = flatten(outline.symbols);
      const picks = items.filter((i) => i.name === 'pick');
      expect(picks).toHaveLength(1);
      expect(picks[0]?.line).toBe((await ws.marker('impl', 'pick')).line);
      expect(picks[0]?.overloads).toBe(3);
      for (const item of items) {
        if (item.nodeId === undefined) continue;
        expect(item.nodeId).not.toMatch(/\s/);
        const references = succeeded(await server().findReferences({ workspaceRoot: ws.root, nodeId: item.nodeId }));
        const declared = references.references.filter((r) => r.referenceType === 'declaration' && r.filePath === 'src/pick.ts');
        expect(
          declared.map((r) => r.line),
          item.nodeId,
        ).toContain(item.line);
      }
    });
  });

  describe('a dry run', () => {
    verifies('I11-DRY-RUN', 'of rename_symbol answers every change, applied false, and writes nothing', async () => {
      await using ws = await withOverloads();
      const before = await ws.snapshot();
      const dry = succeeded(
        await server().renameSymbol({ workspaceRoot: ws.root, filePath: 'src/pick.ts', symbol: 'pick', newName: 'choose', dryRun: true }),
      );
      expect(await ws.snapshot()).toEqual(before);
      expect(dry.applied).toBe(false);
      const real = succeeded(
        await server().renameSymbol({ workspaceRoot: ws.root, filePath: 'src/pick.ts', symbol: 'pick', newName: 'choose' }),
      );
      expect(real).toEqual({ ...dry, applied: true });
    });

    verifies('I11-DRY-RUN', 'of replace_symbol_body lists the errors it would add, applied false, and writes nothing', async () => {
      await using ws = await withOverloads();
      const before = await ws.snapshot();
      const dry = succeeded(
        await server().call('replace_symbol_body', {
          workspaceRoot: ws.root,
          filePath: 'src/pick.ts',
          symbol: 'twice',
          mode: 'replace-body',
          replacement: 'return missingName;',
          dryRun: true,
        }),
      );
      expect(await ws.snapshot()).toEqual(before);
      expect(dry.applied).toBe(false);
      expect(dry.introducedDiagnostics.map((d) => d.code)).toEqual(['TS2304']);
      failedWith(
        await server().call('replace_symbol_body', {
          workspaceRoot: ws.root,
          filePath: 'src/pick.ts',
          symbol: 'twice',
          mode: 'replace-body',
          replacement: 'return (;',
          dryRun: true,
        }),
        'INVALID_REPLACEMENT',
      );
    });
  });
});
