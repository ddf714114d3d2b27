import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import type { CompletionResult } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { TypeScriptOracle } from '../helpers/typescript-oracle.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

const cursor = (
  ws: Workspace,
  at: Marker,
  column = at.column,
): { workspaceRoot: string; filePath: string; line: number; column: number } => ({
  workspaceRoot: ws.root,
  filePath: at.file,
  line: at.line,
  column,
});

const names = (result: CompletionResult): string[] => result.completions.map((c) => c.name);

forEachBackend((backend) => {
  // completion is outside the default tool set.
  const server = useShared(() => startServer({ backend, args: ['--tools', 'all'] }));
  const fixture = useShared(() => copyFixture('completion'));

  verifies('I26-COMPLETION-MEMBERS', 'lists the members TypeScript offers after `obj.`, each with its kind and signature', async () => {
    const ws = fixture();
    const at = await ws.marker('at', 'members');
    const members = (await ws.markers({ kinds: ['member'] })).map((m) => m.identifier);
    const oracle = new TypeScriptOracle(ws, ['src/account.ts', 'src/use.ts']).completionNames(at.file, at);
    expect([...oracle].sort()).toEqual([...members].sort());
    const result = succeeded(await server().call('completion', cursor(ws, at)));
    expect(result.prefix).toBe('');
    expect([...names(result)].sort()).toEqual([...oracle].sort());
    expect(result).toMatchObject({ totalCount: members.length, truncated: false });
    const deposit = result.completions.find((c) => c.name === 'deposit');
    expect(deposit?.kind).toBe('method');
    // Its parameters as declared (TypeScript 7 prints an optional one with `| undefined`).
    expect(deposit?.type).toMatch(/deposit\(amount: number, note\?: string( \| undefined)?\): void$/);
    expect(result.completions.find((c) => c.name === 'balance')?.type).toMatch(/balance: number$/);
    expect(result.signatureHelp).toBeUndefined();
  });

  verifies('I26-COMPLETION-PREFIX', 'keeps the names starting with what is written before the cursor, or the prefix given', async () => {
    const ws = fixture();
    const at = await ws.marker('at', 'prefixed');
    const written = at.identifier;
    const members = (await ws.markers({ kinds: ['member'] })).map((m) => m.identifier);
    const result = succeeded(await server().call('completion', cursor(ws, at, at.endColumn)));
    expect(result.prefix).toBe(written);
    expect(names(result)).toEqual(members.filter((m) => m.startsWith(written)).sort());
    const given = succeeded(await server().call('completion', { ...cursor(ws, at, at.endColumn), prefix: 'W' }));
    expect(names(given)).toEqual(members.filter((m) => m.toLowerCase().startsWith('w')));
  });

  verifies('I26-COMPLETION-PREFIX', 'lists the first limit names and counts them all', async () => {
    const ws = fixture();
    const members = await ws.markers({ kinds: ['member'] });
    const result = succeeded(await server().call('completion', { ...cursor(ws, await ws.marker('at', 'members')), limit: 2 }));
    expect(result).toMatchObject({ totalCount: members.length, truncated: true });
    expect(result.completions).toHaveLength(2);
    const refused = failedWith(
      await server().call('completion', { ...cursor(ws, await ws.marker('at', 'members')), limit: 0 }),
      'INVALID_INPUT',
    );
    expect(refused.message).toContain('limit');
  });

  verifies('I26-COMPLETION-SIGNATURE', "gives every overload of the call, the one it matches and the argument's parameter", async () => {
    const ws = fixture();
    const at = await ws.marker('at', 'argument');
    const overloads = await ws.markers({ kinds: ['overload'] });
    const oracle = new TypeScriptOracle(ws, ['src/account.ts', 'src/use.ts']).signatureHelp(at.file, at);
    expect(oracle?.labels).toHaveLength(overloads.length);
    const outcome = await server().call('completion', cursor(ws, at));
    const result = succeeded(outcome);
    expect(result.signatureHelp?.signatures.map((s) => s.label)).toEqual(oracle?.labels);
    expect(result.signatureHelp).toMatchObject({ activeSignature: oracle?.selected, activeParameter: oracle?.argument });
    expect(result.signatureHelp?.signatures[oracle?.selected ?? -1]?.parameters[oracle?.argument ?? -1]).toBe('currency: string');
    expect(outcome.text).toContain(
      'In a call to open(name: string, currency: string): Account (overload 2 of 2), at parameter 2: currency: string',
    );
  });

  verifies('I26-COMPLETION-MEMBERS', 'refuses a column past the end of the line with the bounds', async () => {
    const ws = fixture();
    const at = await ws.marker('at', 'members');
    const error = failedWith(await server().call('completion', cursor(ws, at, at.lineText.length + 2)), 'INVALID_POSITION');
    expect(error.resolution).toContain(`between 1 and ${at.lineText.length + 1}`);
  });
});

/* A language's server answers whatever the TypeScript backend: once, on the default backend. */
describe('completion over gopls, clangd and pyright', () => {
  const server = useShared(() => startServer({ backend: 'auto', args: ['--tools', 'all'] }));
  const fixture = useShared(() => copyFixture('completion-languages'));

  for (const [language, file] of [
    ['go', 'main.go'],
    ['c', 'main.c'],
    ['py', 'account.py'],
  ] as const) {
    verifies('I26-COMPLETION-LANGUAGES', `lists the members at a member access and the parameters of a call (${file})`, async () => {
      const ws = fixture();
      const members = (await lineMarkers(ws, { kinds: ['member'], tag: language })).map((m) => m.identifier);
      const at = await lineMarker(ws, 'at', `${language}members`);
      const result = succeeded(await server().call('completion', cursor(ws, at)));
      expect(result.prefix).toBe('');
      expect(names(result)).toEqual(expect.arrayContaining(members));
      // The call's second argument: its parameter is the second one of the function's declaration.
      const call = await lineMarker(ws, 'at', `${language}call`);
      const inCall = succeeded(await server().call('completion', cursor(ws, call)));
      const help = inCall.signatureHelp;
      expect(help?.signatures).toHaveLength(1);
      expect(help?.activeParameter).toBe(1);
      expect(help?.signatures[0]?.parameters[1]).toMatch(language === 'c' ? /\bamount$/ : /^note\b/);
    });
  }
});
