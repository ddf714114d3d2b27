import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, scopeOf } from './fixture.js';

const ACCOUNT = [
  'export enum Currency { Euro, Yen }',
  'export class Account {',
  '  balance = 0;',
  '  /** Adds to the balance. */',
  '  deposit(amount: number, note?: string): void {}',
  '  /** Takes from the balance, as {@link Account.deposit} adds; see {@linkcode open | the opener}. */',
  '  withdraw(amount: number): void {}',
  '  deposit2(): void {}',
  '}',
  'export function open(name: string): Account;',
  'export function open(name: string, currency: Currency): Account;',
  'export function open(name: string, currency?: Currency): Account { return new Account(); }',
  '',
].join('\n');
const USE = ["import { Account, Currency, open } from './account';", 'const a = new Account();', 'open("x", );', 'a.;', ''].join('\n');

describe('completion and signature help over the in-process LanguageService', () => {
  let fixture: Fixture;
  let index: TsSymbolIndex;

  beforeAll(() => {
    fixture = new Fixture({
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "esnext", "moduleResolution": "bundler" } }',
      'src/account.ts': ACCOUNT,
      'src/use.ts': USE,
    });
    index = new TsSymbolIndex();
  });
  afterAll(() => {
    index.dispose();
    fixture.cleanup();
  });

  it("offers a class's members after a dot with LSP's kinds, and each one's signature and documentation on request", async () => {
    const at = { path: fixture.path('src/use.ts'), offset: USE.lastIndexOf('a.') + 2 };
    const answer = await index.completions(scopeOf(fixture), at);
    expect(answer.entries.map((e) => [e.name, e.kind]).sort()).toEqual([
      ['balance', 'field'],
      ['deposit', 'method'],
      ['deposit2', 'method'],
      ['withdraw', 'method'],
    ]);
    const deposit = answer.entries.find((e) => e.name === 'deposit');
    const [detail] = await index.completionDetails(scopeOf(fixture), at, [deposit?.ref ?? '']);
    expect(detail).toEqual({
      signature: '(method) Account.deposit(amount: number, note?: string): void',
      documentation: 'Adds to the balance.',
    });
  });

  it('gives documentation links as their text, as hover does, not as JSDoc source', async () => {
    const at = { path: fixture.path('src/use.ts'), offset: USE.lastIndexOf('a.') + 2 };
    const withdraw = (await index.completions(scopeOf(fixture), at)).entries.find((e) => e.name === 'withdraw');
    const [detail] = await index.completionDetails(scopeOf(fixture), at, [withdraw?.ref ?? '']);
    expect(detail?.documentation).toBe('Takes from the balance, as Account.deposit adds; see `the opener`.');
  });

  it('offers the names in scope at a statement, with the kinds of their declarations (an import is a variable, as in typescript-language-server)', async () => {
    const at = { path: fixture.path('src/account.ts'), offset: ACCOUNT.length };
    const kinds = new Map((await index.completions(scopeOf(fixture), at)).entries.map((e) => [e.name, e.kind]));
    expect([kinds.get('Currency'), kinds.get('Account'), kinds.get('open'), kinds.get('a')]).toEqual([
      'enum',
      'class',
      'function',
      undefined,
    ]);
    const imported = new Map(
      (await index.completions(scopeOf(fixture), { path: fixture.path('src/use.ts'), offset: USE.length })).entries.map((e) => [
        e.name,
        e.kind,
      ]),
    );
    expect([imported.get('Account'), imported.get('a')]).toEqual(['variable', 'variable']);
  });

  it("gives every overload of the call the cursor is in, the compiler's choice and the argument's index", async () => {
    const help = await index.signatureHelp(scopeOf(fixture), { path: fixture.path('src/use.ts'), offset: USE.indexOf('open("x", ') + 10 });
    expect(help?.signatures.map((s) => s.label)).toEqual([
      'open(name: string): Account',
      'open(name: string, currency: Currency): Account',
    ]);
    expect(help?.signatures[1]?.parameters.map((p) => p.label)).toEqual(['name: string', 'currency: Currency']);
    expect(help).toMatchObject({ activeSignature: 1, activeParameter: 1 });
    expect(await index.signatureHelp(scopeOf(fixture), { path: fixture.path('src/use.ts'), offset: USE.length })).toBeUndefined();
  });
});
