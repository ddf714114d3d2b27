import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { markedNode, markedNodes } from '../helpers/nodes.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { TOOL_NAMES, WRITING_TOOLS } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { DocumentSymbolItem } from '../helpers/symbol-results.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture, type Marker } from '../helpers/workspace.js';

/** Issue 16: answers an agent can afford, and summaries that count what was found, not what was shown. */

function flatten(items: readonly DocumentSymbolItem[]): DocumentSymbolItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

const at = (m: Marker): string => `${m.file}:${m.line}:${m.column}`;

/** Declarations at each place a ranking tells apart, all named like "subscr…", written into a copy of the navigation fixture. */
const RANKING_TS = [
  'export class /*@node:class:Subscriber*/Subscriber {',
  '  /*@node:method:Subscriber.subscribe*/subscribe(): number {',
  '    const /*@local:subscriber*/subscriber = 1;',
  '    return subscriber;',
  '  }/*@end:Subscriber.subscribe*/',
  '}/*@end:Subscriber*/',
  '',
  'function /*@node:function:subscribeAll*/subscribeAll(): number {',
  '  return new Subscriber().subscribe();',
  '}/*@end:subscribeAll*/',
  '',
  'export const total = subscribeAll();',
  '',
].join('\n');

// Its path sorts before the declaration's, so only the ranking rule keeps it below.
const BARREL_TS = "export { /*@alias:Subscriber*/Subscriber } from './ranking';\n";

const OUTLINE_TS = [
  'export function /*@node:function:outer*/outer(): number {',
  '  const /*@local:first*/first = 1;',
  '  let /*@local:second*/second = { /*@inside:key*/key: first };',
  '  return second.key;',
  '}/*@end:outer*/',
  '',
  'export const /*@node:constant:LIMIT*/LIMIT = 3;',
  '',
].join('\n');

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('get_diagnostics severity', () => {
    const project = useShared(() => copyFixture('diagnostics'));

    verifies(
      ['I16-DIAG-SEVERITY', 'AC-1.4.5'],
      'lists only the severities asked for, while the counts and fileCount still count every diagnostic',
      async () => {
        const ws = project();
        const errors = await ws.markers({ kinds: ['err'] });
        const hints = await ws.markers({ kinds: ['hint'] });
        const all = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));

        const onlyErrors = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, severity: ['error', 'warning'] }));
        const onlyHints = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, severity: ['hint'] }));

        expectMarkedDiagnostics(onlyErrors.diagnostics, errors);
        expect(onlyErrors.diagnostics).toHaveLength(errors.length);
        expect(onlyErrors.diagnostics.every((d) => d.severity === 'error')).toBe(true);
        expectMarkedDiagnostics(onlyHints.diagnostics, hints);
        expect(onlyHints.diagnostics.every((d) => d.severity === 'hint')).toBe(true);
        for (const filtered of [onlyErrors, onlyHints]) {
          expect({ ...filtered, diagnostics: [] }).toEqual({ ...all, diagnostics: [] });
        }
        expect(all.fileCount).toBe(new Set([...errors, ...hints].map((m) => m.file)).size);
        expect(all.hintCount).toBeGreaterThanOrEqual(hints.length);
        expect(onlyErrors.diagnostics.length + onlyHints.diagnostics.length).toBe(all.diagnostics.length);
      },
    );

    verifies('I16-DIAG-SEVERITY', 'refuses a severity that does not exist with INVALID_INPUT', async () => {
      const ws = project();
      const outcome = await server().callRaw('get_diagnostics', { workspaceRoot: ws.root, severity: ['fatal'] });
      failedWith(outcome, 'INVALID_INPUT');
    });

    verifies('I16-DIAG-TEXT', 'lists errors one by one and sums up the hints by code with the call that lists them', async () => {
      const ws = project();
      const errors = await ws.markers({ kinds: ['err'] });
      const hints = await ws.markers({ kinds: ['hint'] });

      const outcome = await server().getDiagnostics({ workspaceRoot: ws.root });

      for (const e of errors) expect(outcome.text).toContain(`${at(e)} error ${e.tag}`);
      for (const h of hints) expect(outcome.text).not.toContain(`${at(h)} hint`);
      const hintCount = succeeded(outcome).hintCount;
      expect(outcome.text).toContain(`Not listed: ${hintCount} hint`);
      expect(outcome.text).toContain('get_diagnostics {"severity":["hint"]}');
      for (const code of new Set(hints.map((h) => h.tag))) expect(outcome.text).toMatch(new RegExp(`^ {2}${code} ×\\d+ hint `, 'm'));

      const asked = await server().getDiagnostics({ workspaceRoot: ws.root, severity: ['hint'] });
      for (const h of hints) expect(asked.text).toContain(`${at(h)} hint ${h.tag}`);
    });
  });

  describe('document_symbols depth and kinds', () => {
    const nav = useShared(() => copyFixture('navigation'));

    verifies('I16-OUTLINE-DEPTH-KINDS', 'lists as many levels as depth asks, counting every symbol of the file', async () => {
      const ws = nav();
      const nodes = await markedNodes(ws, 'src/outer.ts');
      const topLevel = nodes.filter((n) => !n.qualifiedName.includes('.'));

      const result = succeeded(await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/outer.ts', depth: 1 }));

      expect(result.symbols.map((s) => s.nodeId)).toEqual(topLevel.map((n) => n.nodeId));
      expect(result.symbols.every((s) => (s.children ?? []).length === 0)).toBe(true);
      expect(result.totalCount).toBe(nodes.length);
    });

    verifies('I16-OUTLINE-DEPTH-KINDS', 'lists the kinds asked for within the symbols that contain them', async () => {
      const ws = nav();
      const nodes = await markedNodes(ws, 'src/outer.ts');
      const methods = nodes.filter((n) => n.kind === 'method');
      expect(methods.length).toBeGreaterThan(0);
      const ancestors = nodes.filter((n) => methods.some((m) => m.qualifiedName.startsWith(`${n.qualifiedName}.`)));

      const result = succeeded(
        await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/outer.ts', kinds: ['method'] }),
      );

      expect(
        flatten(result.symbols)
          .map((s) => s.nodeId)
          .sort(),
      ).toEqual([...ancestors, ...methods].map((n) => n.nodeId).sort());
      expect(result.totalCount).toBe(nodes.length);
    });

    verifies(
      'I16-OUTLINE-LOCALS',
      'leaves locals out of the text unless kinds is given, counting them; structuredContent keeps them',
      async () => {
        await using ws = await copyFixture('navigation');
        await ws.write('src/locals.ts', OUTLINE_TS);
        const locals = await ws.markers({ file: 'src/locals.ts', kinds: ['local'] });
        const inside = await ws.markers({ file: 'src/locals.ts', kinds: ['inside'] });
        const outer = await markedNode(ws, 'outer');

        const outcome = await server().call('document_symbols', { workspaceRoot: ws.root, filePath: 'src/locals.ts' });

        const all = flatten(succeeded(outcome).symbols);
        for (const local of [...locals, ...inside])
          expect(all.map((s) => `${s.line}:${s.column}`)).toContain(`${local.line}:${local.column}`);
        expect(outcome.text).toContain(`${locals.length + inside.length} locals (constants and variables inside functions) not listed`);
        expect(outcome.text).toContain(outer.nodeId);
        for (const local of locals) expect(outcome.text).not.toContain(`outer.${local.identifier}`);

        const listed = await server().call('document_symbols', {
          workspaceRoot: ws.root,
          filePath: 'src/locals.ts',
          kinds: ['function', 'constant', 'variable'],
        });
        for (const local of locals) expect(listed.text).toContain(`outer.${local.identifier}`);
      },
    );
  });

  describe('summaries that count what was found', () => {
    const basic = useShared(() => copyFixture('basic'));

    verifies(['I16-TRUE-COUNTS', 'R-REFS-LIMIT'], 'count every reference and its files, whatever the limit lists', async () => {
      const ws = basic();
      const markers = await ws.markers({ tag: 'parseConfig', kinds: ['decl', 'ref', 'use', 'out'] });
      const files = new Set(markers.map((m) => m.file)).size;
      expect(files).toBeGreaterThan(1);
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));

      const outcome = await server().findReferences({ ...usage, limit: 1 });

      const result = succeeded(outcome);
      expect(result.references).toHaveLength(1);
      expect({ totalCount: result.totalCount, fileCount: result.fileCount, truncated: result.truncated }).toEqual({
        totalCount: markers.length,
        fileCount: files,
        truncated: true,
      });
      expect(outcome.text.split('\n')[0]).toContain(`${markers.length} references to parseConfig in ${files} files`);
      const everything = succeeded(await server().findReferences(usage));
      expect(keysOf(everything.references)).toEqual(markerKeys(markers));
      expect(everything.fileCount).toBe(files);
    });
  });

  describe('workspace_symbols ranking', () => {
    verifies(
      ['I16-SYMBOL-RANKING', 'I5-WORKSPACE-SYMBOLS'],
      'puts exported and top-level declarations first, then members, then locals, and a re-export after its declaration',
      async () => {
        await using ws = await copyFixture('navigation');
        await ws.write('src/ranking.ts', RANKING_TS);
        await ws.write('src/a-barrel.ts', BARREL_TS);
        const place = async (kind: string, tag: string): Promise<string> => at(await ws.marker(kind, tag));
        const expected = [
          `${await place('node', 'class:Subscriber')} class Subscriber`,
          `${await place('node', 'function:subscribeAll')} function subscribeAll`,
          `${await place('node', 'method:Subscriber.subscribe')} method subscribe`,
          `${await place('local', 'subscriber')} subscriber`,
          `${await place('alias', 'Subscriber')} Subscriber`,
        ];

        const result = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'subscr' }));

        const found = result.symbols.map((s) => `${s.filePath}:${s.line}:${s.column} ${s.kind} ${s.name}`);
        // Kinds of locals and aliases vary between servers (variable, constant); their places do not.
        expect(found.map((f, i) => (i < 3 ? f : f.replace(/ \w+ (\w+)$/, ' $1')))).toEqual(expected);
        expect(result.totalCount).toBe(expected.length);
      },
    );
  });

  describe('--tools presets', () => {
    verifies('I16-TOOLS-PRESETS', 'core is the four FS-001 tools; navigation with a tool name adds it', async () => {
      await using core = await startServer({ backend, args: ['--tools', 'core'] });
      expect((await core.listTools()).map((t) => t.name)).toEqual([
        'find_references',
        'go_to_definition',
        'rename_symbol',
        'get_diagnostics',
      ]);

      await using navigation = await startServer({ backend, env: { LSP_BRIDGE_TOOLS: 'navigation,get_diagnostics' } });
      // The read-only tools that find code, and the diagnostics: every tool that does not write.
      const names = (await navigation.listTools()).map((t) => t.name);
      expect(names.sort()).toEqual(TOOL_NAMES.filter((name) => !WRITING_TOOLS.includes(name)).sort());
    });
  });
});
