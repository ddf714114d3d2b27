import { describe, expect, it } from 'vitest';
import { MAX_COMPLETION_DETAILS } from '../../src/model/inputs.js';
import type { CompletionEntry } from '../../src/ports/completions.js';
import { neverAborted } from '../../src/testing/index.js';
import { completion } from '../../src/use-cases/completion.js';
import { ROOT, Workspace, errorOf, locate, successOf } from '../workspace-fixture.js';

const MAIN_TS = 'const account = new Account();\naccount.de\nlog(1, account)\n';

function entry(name: string, sortText: string, extra: Partial<CompletionEntry> = {}): CompletionEntry {
  return { name, kind: 'method', sortText, ref: name, ...extra };
}

function setUp(entries: readonly CompletionEntry[]): Workspace {
  const ws = new Workspace();
  ws.file('src/main.ts', MAIN_TS);
  ws.symbols.completionList = { entries, incomplete: false };
  return ws;
}

/** The position just after `needle`'s end. */
function after(needle: string): { line: number; column: number } {
  const at = locate(MAIN_TS, needle);
  return { line: at.line, column: at.column + needle.length };
}

describe('completion', () => {
  it('filters by the part of the name written before the cursor, ranks by sort text then exact case, and names the types', async () => {
    const ws = setUp([
      entry('toString', '11'),
      entry('Delete', '11'),
      entry('deposit', '11'),
      entry('debit', '10'),
      entry('deposit', '11'),
    ]);
    ws.symbols.completionInfo.set('deposit', { signature: '(method) Account.deposit(\n  amount: number\n): void' });
    const result = successOf(
      await completion(ws.ports, { workspaceRoot: ROOT, filePath: 'src/main.ts', ...after('account.de') }, neverAborted),
    );
    expect(result.prefix).toBe('de');
    // debit ranks first by its sort text; deposit (exact case) before Delete; toString does not match; deposit once.
    expect(result.completions).toEqual([
      { name: 'debit', kind: 'method' },
      { name: 'deposit', kind: 'method', type: '(method) Account.deposit( amount: number ): void' },
      { name: 'Delete', kind: 'method' },
    ]);
    expect(result).toMatchObject({ filePath: 'src/main.ts', totalCount: 3, truncated: false });
    expect(result.signatureHelp).toBeUndefined();
  });

  it('lists the first limit names, counts the rest, and asks details of the first MAX_COMPLETION_DETAILS only', async () => {
    const names = Array.from({ length: 120 }, (_, i) => `m${String(i).padStart(3, '0')}`);
    const ws = setUp(names.map((name) => entry(name, '11')));
    const result = successOf(
      await completion(ws.ports, { workspaceRoot: ROOT, filePath: 'src/main.ts', ...after('account.'), limit: 70 }, neverAborted),
    );
    expect(result.completions.map((c) => c.name)).toEqual(names.slice(0, 70));
    expect(result).toMatchObject({ prefix: '', totalCount: 120, truncated: true });
    expect(ws.symbols.detailRequests).toEqual([names.slice(0, MAX_COMPLETION_DETAILS)]);
  });

  it('takes the given prefix over the written one, and keeps an entry whose service gave its type up front', async () => {
    const ws = setUp([entry('debit', '1', { detail: 'func(amount int)' }), entry('toString', '1', { kind: 'function' })]);
    const result = successOf(
      await completion(ws.ports, { workspaceRoot: ROOT, filePath: 'src/main.ts', ...after('account.de'), prefix: 'TO' }, neverAborted),
    );
    expect(result.completions).toEqual([{ name: 'toString', kind: 'function' }]);
    const all = successOf(
      await completion(ws.ports, { workspaceRoot: ROOT, filePath: 'src/main.ts', ...after('account.de'), prefix: '' }, neverAborted),
    );
    expect(all.completions[0]).toEqual({ name: 'debit', kind: 'method', type: 'func(amount int)' });
    expect(ws.symbols.detailRequests).toEqual([['toString'], ['toString']]);
  });

  it('gives the signatures of the call the cursor is in, with the active ones clamped to what exists', async () => {
    const ws = setUp([]);
    const inCall = locate(MAIN_TS, '1, account').offset + 3;
    ws.symbols.signatureAt = (at) =>
      at.offset === inCall
        ? {
            signatures: [
              { label: 'log(a: number): void', parameters: [{ label: 'a: number' }] },
              {
                label: 'log(a: number, ...rest: unknown[]): void',
                parameters: [{ label: 'a: number' }, { label: '...rest: unknown[]' }],
                documentation: 'Logs its arguments.\n\nMore words.',
              },
            ],
            activeSignature: 1,
            activeParameter: 4,
          }
        : undefined;
    const result = successOf(await completion(ws.ports, { workspaceRoot: ROOT, filePath: 'src/main.ts', ...after('1, ') }, neverAborted));
    expect(result.signatureHelp).toEqual({
      signatures: [
        { label: 'log(a: number): void', parameters: ['a: number'] },
        {
          label: 'log(a: number, ...rest: unknown[]): void',
          parameters: ['a: number', '...rest: unknown[]'],
          documentation: 'Logs its arguments.',
        },
      ],
      activeSignature: 1,
      activeParameter: 1,
    });
  });

  it('refuses a position past the line or a limit out of bounds', async () => {
    const ws = setUp([]);
    const past = errorOf(await completion(ws.ports, { workspaceRoot: ROOT, filePath: 'src/main.ts', line: 1, column: 99 }, neverAborted));
    expect(past.code).toBe('INVALID_POSITION');
    const limit = errorOf(
      await completion(ws.ports, { workspaceRoot: ROOT, filePath: 'src/main.ts', line: 1, column: 1, limit: 0 }, neverAborted),
    );
    expect(limit.code).toBe('INVALID_INPUT');
    expect(limit.message).toContain('limit must be a whole number from 1 to 500');
  });
});
