import { describe, expect, it } from 'vitest';
import { C_CPP, GO, PYTHON } from '../../src/index.js';
import { scanIdentifiers } from '../../src/languages/identifier-scan.js';

const names = (lexicon: typeof PYTHON.lexicon, text: string): string[] =>
  scanIdentifiers(lexicon, '/f', text, 0, text.length).map((id) => id.text);

describe('identifiers by lexicon', () => {
  it('leaves out Python comments, strings of every kind, their prefixes and keywords', () => {
    const text = 'def f(x):  # f x\n    """f x"""\n    return rf"{x}" + b\'y\' + g(x)\n';
    expect(names(PYTHON.lexicon, text)).toEqual(['f', 'x', 'g', 'x']);
  });

  it("leaves out C's comments and strings, and Go's raw strings", () => {
    expect(names(C_CPP.lexicon, 'int a = b; /* c */ // d\nchar *s = "e\\"f";')).toEqual(['a', 'b', 's']);
    expect(names(GO.lexicon, 'func h() string { return `i` + j }')).toEqual(['h', 'string', 'j']);
  });

  it("reads a block comment that opens with a line comment's prefix as a block (Lua's --[[ ]] beside --)", () => {
    const lua = { ...C_CPP.lexicon, lineComments: ['--'], blockComments: [['--[[', ']]']] as const };
    expect(names(lua, 'local a = 1 --[[ b\nc ]] d -- e\nf')).toEqual(['local', 'a', 'd', 'f']);
  });

  it('gives UTF-16 offsets of names after astral characters, and only those overlapping the range', () => {
    const text = '"😀" ; émoji = 1';
    const ids = scanIdentifiers(PYTHON.lexicon, '/f', text, 6, 8);
    expect(ids).toEqual([{ path: '/f', start: text.indexOf('émoji'), length: 5, text: 'émoji' }]);
  });
});
