import type { ServerReading } from '@mcp-lsp-bridge/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { C_CPP, GO, PYTHON, LspSymbolIndex, type LanguageProfile } from '../../src/index.js';
import { declarationsOf } from '../../src/languages/server-declarations.js';
import { TempDir } from '../fixtures.js';

/*
 * Each built-in server reads texts in memory for a replaced body's check: its syntax errors
 * only (not its name errors), declarations with their bodies, and the disk's text afterwards.
 */

interface ServerCase {
  readonly profile: LanguageProfile;
  readonly file: string;
  readonly extra?: Readonly<Record<string, string>>;
  readonly text: string;
  /** The body of `f` as written in `text`. */
  readonly body: string;
  readonly syntaxError: string;
  readonly nameError: string;
}

const CASES: readonly ServerCase[] = [
  {
    profile: PYTHON,
    file: 'm.py',
    text: 'def f(x):  # header\n    """Doc: }."""\n    return x\n',
    body: '    """Doc: }."""\n    return x',
    syntaxError: 'def f(x):\n    return x +\n',
    nameError: 'def f(x):\n    return undefined_name\n',
  },
  {
    profile: C_CPP,
    file: 'm.c',
    extra: { 'compile_flags.txt': '' },
    text: 'int f(int x) {\n  /* } */\n  return x + "}"[0];\n}\n',
    body: '{\n  /* } */\n  return x + "}"[0];\n}',
    syntaxError: 'int f(int x) {\n  return x + ;\n}\n',
    nameError: 'int f(int x) {\n  return undefined_name;\n}\n',
  },
  {
    profile: GO,
    file: 'm.go',
    extra: { 'go.mod': 'module example.com/m\n\ngo 1.21\n' },
    text: 'package m\n\nfunc f(x int) struct{ a int } {\n\t_ = "}"\n\treturn struct{ a int }{x}\n}\n',
    body: '{\n\t_ = "}"\n\treturn struct{ a int }{x}\n}',
    syntaxError: 'package m\n\nfunc f(x int) int {\n\treturn x +\n}\n',
    nameError: 'package m\n\nfunc f(x int) int {\n\treturn undefinedName\n}\n',
  },
];

const bodyOf = (reading: ServerReading, text: string): string | undefined => {
  const f = reading.declarations.find((d) => d.name === 'f');
  return f?.body === undefined ? undefined : text.slice(f.body.start, f.body.end);
};

for (const c of CASES) {
  describe(`${c.profile.displayName}: texts read in memory`, () => {
    const dir = new TempDir();
    for (const [file, text] of Object.entries(c.extra ?? {})) dir.write(file, text);
    const path = dir.write(c.file, c.text);
    const index = new LspSymbolIndex({ profile: c.profile });
    const scope = dir.scope();

    afterAll(async () => {
      await index.dispose();
      dir[Symbol.dispose]();
    });

    it('gives the syntax errors of a broken text only, not a name error, and finds the body by the lexicon', async () => {
      const answer = await index.readTexts(scope, path, [c.text, c.syntaxError, c.nameError]);
      if ('unchecked' in answer) throw new Error(answer.unchecked);
      const [good, broken, named] = answer as [ServerReading, ServerReading, ServerReading];
      expect(good.syntaxErrors).toEqual([]);
      expect(bodyOf(good, c.text)).toBe(c.body);
      expect(broken.syntaxErrors.length).toBeGreaterThan(0);
      expect(broken.syntaxErrors.every((e) => e.category === 'error')).toBe(true);
      expect(named.syntaxErrors).toEqual([]);
    });

    it('shows the server the disk text again afterwards', async () => {
      await index.readTexts(scope, path, [c.syntaxError]);
      const errors = (await index.diagnostics(scope, path)).filter((d) => d.category === 'error');
      expect(errors).toEqual([]);
    });
  });
}

describe('a server the bridge does not know the syntax errors of', () => {
  it('answers unchecked, naming the server, without starting it', async () => {
    using dir = new TempDir();
    const path = dir.write('m.py', 'x = 1\n');
    const { syntax: _known, ...unknown } = PYTHON;
    const index = new LspSymbolIndex({ profile: { ...unknown, server: { kind: 'executable', command: 'pylsp', args: [] } } });
    const answer = await index.readTexts(dir.scope(), path, ['x = 2\n']);
    expect(answer).toEqual({ unchecked: expect.stringContaining('pylsp') as unknown });
    expect(index.serverPids()).toEqual([]);
    await index.dispose();
  });
});

describe('declarationsOf', () => {
  it("takes a Go type's braces as its body and starts it at the keyword the outline leaves out", () => {
    const text = 'package m\n\ntype T struct{ A int }\n';
    const start = text.indexOf('T struct');
    const [t] = declarationsOf(GO.lexicon, GO.syntax ?? { errors: {}, blocks: 'braces' }, text, [
      { name: 'T', kind: 'struct', start, length: text.indexOf('}') + 1 - start, nameStart: start, nameLength: 1, children: [] },
    ]);
    expect(t?.start).toBe(text.indexOf('type'));
    expect(text.slice(t?.body?.start, t?.body?.end)).toBe('{ A int }');
  });

  it('gives a C prototype no body', () => {
    const text = 'int f(int x);\n';
    const [f] = declarationsOf(C_CPP.lexicon, C_CPP.syntax ?? { errors: {}, blocks: 'braces' }, text, [
      { name: 'f', kind: 'function', start: 0, length: 13, nameStart: 4, nameLength: 1, children: [] },
    ]);
    expect(f?.body).toBeUndefined();
  });

  it("starts a one-line Python function's body after the header's colon, past a colon in its annotations", () => {
    const text = 'def f(x: int = {1: 2}) -> dict[str, int]: return {}\n';
    const [f] = declarationsOf(PYTHON.lexicon, PYTHON.syntax ?? { errors: {}, blocks: 'indentation' }, text, [
      { name: 'f', kind: 'function', start: 0, length: text.length - 1, nameStart: 4, nameLength: 1, children: [] },
    ]);
    expect(text.slice(f?.body?.start, f?.body?.end)).toBe(' return {}');
    expect(f?.body?.indented).toBe(true);
  });
});
