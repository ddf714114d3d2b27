import type { CompletionKind } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { C_CPP, GO, PYTHON, tsgoServer, typescriptLanguageServer, type LanguageProfile } from '../src/index.js';
import { installed, serverProject } from './languages/server-projects.js';

const TS =
  'export class Account {\n  balance = 0;\n  deposit(amount: number, note?: string): void {}\n}\nconst a = new Account();\na.deposit(1, )\na.\n';
const TS_FILES = { 'tsconfig.json': '{ "compilerOptions": { "strict": true } }', 'src/a.ts': TS };

/** Per server: its project, the file asked, where to complete (after `a.`), the call to be inside, and what it must offer there. */
interface Case {
  readonly files: Readonly<Record<string, string>>;
  readonly file: string;
  readonly member: string;
  readonly call: string;
  readonly offered: readonly { name: string; kind: CompletionKind; type: RegExp }[];
  readonly parameters: readonly string[];
}

const CASES: readonly [string, LanguageProfile, Case][] = [
  ...(
    [
      ['typescript-language-server', typescriptLanguageServer],
      ["TypeScript 7's native server", tsgoServer],
    ] as const
  ).map(([name, profile]): [string, LanguageProfile, Case] => [
    name,
    profile,
    {
      files: TS_FILES,
      file: 'src/a.ts',
      member: 'a.',
      call: 'a.deposit(1, ',
      offered: [
        { name: 'balance', kind: 'field', type: /^\(property\) (Account\.)?balance: number$/ },
        {
          name: 'deposit',
          kind: 'method',
          type: /^\(method\) (Account\.)?deposit\(amount: number, note\?: string( \| undefined)?\): void$/,
        },
      ],
      parameters: ['amount: number', 'note?: string'],
    },
  ]),
  [
    'pyright',
    PYTHON,
    {
      files: {
        'a.py':
          'class Account:\n    balance: int = 0\n    def deposit(self, amount: int, note: str = "") -> None:\n        pass\n\na = Account()\na.deposit(1, )\na.\n',
      },
      file: 'a.py',
      member: 'a.',
      call: 'a.deposit(1, ',
      offered: [{ name: 'deposit', kind: 'method', type: /^def deposit\(\s*amount: int,\s*note: str = ""\s*\) -> None$/ }],
      parameters: ['amount: int', 'note: str = ""'],
    },
  ],
  [
    'gopls',
    GO,
    {
      files: {
        'go.mod': 'module example.com/m\n\ngo 1.19\n',
        'main.go':
          'package main\n\ntype Account struct{ Balance int }\n\nfunc (a *Account) Deposit(amount int, note string) {}\n\nfunc main() {\n\ta := &Account{}\n\ta.Deposit(1, )\n\ta.\n}\n',
      },
      file: 'main.go',
      member: 'a.',
      call: 'a.Deposit(1, ',
      offered: [
        { name: 'Balance', kind: 'field', type: /^int$/ },
        { name: 'Deposit', kind: 'method', type: /^func\(amount int, note string\)$/ },
      ],
      parameters: ['amount int', 'note string'],
    },
  ],
  [
    'clangd',
    C_CPP,
    {
      files: {
        'compile_flags.txt': '-std=c11\n',
        'main.c':
          'struct account { int balance; };\nvoid deposit(struct account *a, int amount) {}\nint main(void) {\n  struct account a;\n  deposit(&a, );\n  a.;\n  return 0;\n}\n',
      },
      file: 'main.c',
      member: 'a.',
      call: 'deposit(&a, ',
      offered: [{ name: 'balance', kind: 'field', type: /^int$/ }],
      parameters: ['struct account *a', 'int amount'],
    },
  ],
];

describe.each(CASES)('completion and signature help over %s', (_name, profile, c) => {
  // clangd and gopls are Debian packages; the TypeScript servers and pyright are dependencies.
  describe.runIf(profile.server.kind !== 'executable' || installed(profile))('', () => {
    const { dir, index, scope } = serverProject(profile);
    for (const [file, text] of Object.entries(c.files)) dir.write(file, text);
    const path = `${dir.root}/${c.file}`;
    const text = c.files[c.file] ?? '';

    it("offers the type's members after a dot, each with its kind, and their signatures on request", async () => {
      const at = { path, offset: text.lastIndexOf(c.member) + c.member.length };
      const answer = await index.completions(scope, at);
      const found = c.offered.map((o) => answer.entries.find((e) => e.name === o.name));
      expect(found.map((e) => e?.kind)).toEqual(c.offered.map((o) => o.kind));
      const details = await index.completionDetails(
        scope,
        at,
        found.map((e) => e?.ref ?? ''),
      );
      details.forEach((detail, i) => expect(detail?.signature ?? found[i]?.detail).toMatch(c.offered[i]?.type ?? /never/));
    });

    it('gives the signature of the call whose arguments the cursor is in, at its second parameter', async () => {
      const help = await index.signatureHelp(scope, { path, offset: text.indexOf(c.call) + c.call.length });
      expect(help?.signatures).toHaveLength(1);
      const signature = help?.signatures[0];
      expect(signature?.parameters.map((p) => p.label)).toEqual(c.parameters);
      expect(signature?.activeParameter ?? help?.activeParameter).toBe(1);
    });
  });
});
