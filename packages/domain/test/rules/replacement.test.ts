import { describe, expect, it } from 'vitest';
import {
  dedentLines,
  fitBody,
  fitNode,
  indentUnitOf,
  indentationAt,
  lineBreakOf,
  lineCount,
  type BodyTarget,
} from '../../src/rules/replacement.js';

/** A method two spaces in, in a file indented by two spaces, with JSDoc (whose `*` lines are one space in). */
const TWO_SPACES = [
  '/**',
  ' * A calculator.',
  ' */',
  'export class Calculator {',
  '  /** Adds. */',
  '  add(a: number, b: number): number {',
  '    return a + b;',
  '  }',
  '}',
  '',
].join('\n');
const FOUR_SPACES = [
  'export class Calculator {',
  '    add(a: number, b: number): number {',
  '        return a + b;',
  '    }',
  '}',
  '',
].join('\n');
const TABS = ['export class Calculator {', '\tadd(a: number, b: number): number {', '\t\treturn a + b;', '\t}', '}', ''].join('\n');
const CRLF = TWO_SPACES.replace(/\n/g, '\r\n');
const TOP_LEVEL = 'export function run(): void {\n  go();\n}\n';

/** The body target of the method `add` in a text. */
function addIn(text: string): BodyTarget {
  return { text, declarationStart: text.indexOf('add('), braced: true };
}

describe('lineBreakOf', () => {
  it('is CRLF when the file uses it, else LF', () => {
    expect(lineBreakOf(CRLF)).toBe('\r\n');
    expect(lineBreakOf(TWO_SPACES)).toBe('\n');
    expect(lineBreakOf('one line')).toBe('\n');
  });
});

describe('indentationAt', () => {
  it('is the whitespace starting the line that holds the offset', () => {
    expect(indentationAt(TWO_SPACES, TWO_SPACES.indexOf('add('))).toBe('  ');
    expect(indentationAt(TABS, TABS.indexOf('return'))).toBe('\t\t');
    expect(indentationAt(TOP_LEVEL, 0)).toBe('');
    expect(indentationAt(CRLF, CRLF.indexOf('return'))).toBe('    ');
  });
});

describe('indentUnitOf', () => {
  it('reads two spaces, four spaces or a tab from the code', () => {
    expect(indentUnitOf(FOUR_SPACES)).toBe('    ');
    expect(indentUnitOf(TABS)).toBe('\t');
    expect(indentUnitOf(TOP_LEVEL)).toBe('  ');
  });

  it('is not fooled by the one-space continuation lines of JSDoc comments', () => {
    expect(indentUnitOf(TWO_SPACES)).toBe('  ');
    expect(indentUnitOf(FOUR_SPACES.replace('    add', '    /**\n     * Adds.\n     */\n    add'))).toBe('    ');
  });

  it('defaults to two spaces when nothing is indented', () => {
    expect(indentUnitOf('export const a = 1;\n')).toBe('  ');
  });
});

describe('dedentLines', () => {
  it('drops surrounding blank lines and the indentation every line shares', () => {
    expect(dedentLines('\n\n    if (a) {\n      go();\n    }\n\n')).toEqual(['if (a) {', '  go();', '}']);
  });

  it('keeps blank lines inside as empty lines and trims trailing whitespace', () => {
    expect(dedentLines('  a();   \n   \n  b();')).toEqual(['a();', '', 'b();']);
  });

  it('measures a fragment whose first line lost its indentation on the other lines', () => {
    expect(dedentLines('add() {\n    return 1;\n  }')).toEqual(['add() {', '  return 1;', '}']);
  });

  it('takes the first line into account when it is indented', () => {
    expect(dedentLines('  a();\n    b();')).toEqual(['a();', '  b();']);
  });

  it('reads CRLF and lone CR line breaks', () => {
    expect(dedentLines('  a();\r\n  b();\r  c();')).toEqual(['a();', 'b();', 'c();']);
  });

  it('returns no lines for blank text', () => {
    expect(dedentLines('  \n \t\n')).toEqual([]);
  });
});

describe('fitBody', () => {
  it('places a body without braces inside new braces, one level below the declaration', () => {
    expect(fitBody(addIn(TWO_SPACES), 'return a - b;')).toBe(['{', '    return a - b;', '  }'].join('\n'));
  });

  it('keeps the relative indentation of the lines it places', () => {
    const body = '\n        if (a > b) {\n          return a - b;\n        }\n        return b - a;\n';
    expect(fitBody(addIn(TWO_SPACES), body)).toBe(
      ['{', '    if (a > b) {', '      return a - b;', '    }', '    return b - a;', '  }'].join('\n'),
    );
  });

  it('takes a replacement with braces as the whole block, its closing brace at the declaration indentation', () => {
    expect(fitBody(addIn(TWO_SPACES), '{\n  return a - b;\n}')).toBe(['{', '    return a - b;', '  }'].join('\n'));
    expect(fitBody(addIn(TWO_SPACES), '  { return a - b; }  ')).toBe('{ return a - b; }');
  });

  it('indents by the unit of a four-space file', () => {
    expect(fitBody(addIn(FOUR_SPACES), 'return 0;')).toBe(['{', '        return 0;', '    }'].join('\n'));
  });

  it('indents by the unit of a tab-indented file', () => {
    expect(fitBody(addIn(TABS), 'return 0;')).toBe(['{', '\t\treturn 0;', '\t}'].join('\n'));
  });

  it('indents a top-level function one unit in', () => {
    const target = { text: TOP_LEVEL, declarationStart: 0, braced: true };
    expect(fitBody(target, 'stop();\ngo();')).toBe(['{', '  stop();', '  go();', '}'].join('\n'));
  });

  it('writes the line breaks of a CRLF file, whatever the replacement uses', () => {
    expect(fitBody(addIn(CRLF), 'const d = a - b;\nreturn d;')).toBe(['{', '    const d = a - b;', '    return d;', '  }'].join('\r\n'));
    expect(fitBody(addIn(CRLF), '{\n  return 0;\n}')).toBe(['{', '    return 0;', '  }'].join('\r\n'));
  });

  it('turns an empty body into empty braces', () => {
    expect(fitBody(addIn(TWO_SPACES), '')).toBe('{}');
    expect(fitBody(addIn(TWO_SPACES), '  \n  ')).toBe('{}');
  });

  it('replaces an arrow function expression body with the expression alone', () => {
    const ARROW = 'export const twice = (n: number) => n * 2;\n';
    const target = { text: ARROW, declarationStart: 0, braced: false };
    expect(fitBody(target, '  n + n  ')).toBe('n + n');
  });

  it('indents the later lines of a multi-line expression body at the declaration', () => {
    const ARROW = 'export class Handlers {\n  onChange = (n: number) => ({ n });\n}\n';
    const target = { text: ARROW, declarationStart: ARROW.indexOf('onChange'), braced: false };
    expect(fitBody(target, '({\n  n,\n  twice: n * 2,\n})')).toBe(['({', '    n,', '    twice: n * 2,', '  })'].join('\n'));
  });
});

describe('fitNode', () => {
  it('keeps the first line where the old declaration started and indents the rest at its indentation', () => {
    const start = TWO_SPACES.indexOf('add(');
    expect(fitNode(TWO_SPACES, start, 'sub(a: number, b: number): number {\n  return a - b;\n}')).toBe(
      ['sub(a: number, b: number): number {', '    return a - b;', '  }'].join('\n'),
    );
  });

  it('removes the indentation the replacement was written with', () => {
    const start = TWO_SPACES.indexOf('add(');
    expect(fitNode(TWO_SPACES, start, '\n  sub(): number {\n    return 0;\n  }\n')).toBe(
      ['sub(): number {', '    return 0;', '  }'].join('\n'),
    );
  });

  it('writes CRLF in a CRLF file and tabs in a tab file', () => {
    expect(fitNode(CRLF, CRLF.indexOf('add('), 'sub() {\n  return 0;\n}')).toBe(['sub() {', '    return 0;', '  }'].join('\r\n'));
    expect(fitNode(TABS, TABS.indexOf('add('), 'sub() {\n\treturn 0;\n}')).toBe(['sub() {', '\t\treturn 0;', '\t}'].join('\n'));
  });
});

describe('lineCount', () => {
  it('counts lines by any line break; an empty text is one line', () => {
    expect(lineCount('')).toBe(1);
    expect(lineCount('a\nb\r\nc\rd')).toBe(4);
    expect(lineCount('{\n}\n')).toBe(3);
  });
});

describe('fitBody and fitNode where indentation is syntax (Python)', () => {
  const PY = 'class Shape:\n    def area(self):\n        return 0\n\n    def one(self): return 1\n';
  const at = (needle: string): number => PY.indexOf(needle);

  it('puts an indented body on its own lines one level below the declaration, keeping relative indentation', () => {
    const target: BodyTarget = {
      text: PY,
      declarationStart: at('def area'),
      braced: false,
      indented: true,
      bodyStart: at('        return 0'),
    };
    expect(fitBody(target, 'if self:\n    return 1\nreturn 0')).toBe(
      ['        if self:', '            return 1', '        return 0'].join('\n'),
    );
  });

  it('starts the body on a new line after a one-line header', () => {
    const target: BodyTarget = { text: PY, declarationStart: at('def one'), braced: false, indented: true, bodyStart: at(' return 1') };
    expect(fitBody(target, 'return 2')).toBe('\n        return 2');
  });

  it('measures the first line too when dedenting a whole declaration', () => {
    expect(fitNode(PY, at('def area'), 'def area(self):\n    return 1', true)).toBe('def area(self):\n        return 1');
    // Where indentation is not syntax, a first line without indentation is taken as cut from its line.
    expect(fitNode(PY, at('def area'), 'def area(self):\n    return 1')).toBe('def area(self):\n    return 1');
  });
});
