import { describe, expect, it } from 'vitest';
import { detectIndentation, formatSettings } from '../../src/rules/format-settings.js';

const TWO_SPACES = 'function f() {\n  if (x) {\n    return 1;\n  }\n}\n';
const TABS = 'function f() {\n\tif (x) {\n\t\treturn 1;\n\t}\n}\n';

describe('format settings', () => {
  it('take indentation, tab width, line breaks and whitespace from .editorconfig', () => {
    expect(
      formatSettings(
        {
          indent_style: 'space',
          indent_size: 2,
          tab_width: 8,
          end_of_line: 'crlf',
          trim_trailing_whitespace: true,
          insert_final_newline: false,
        },
        TABS,
      ),
    ).toEqual({ indentSize: 2, tabSize: 8, insertSpaces: true, newLine: '\r\n', trimTrailingWhitespace: true, insertFinalNewline: false });
  });

  it('read indent_size = tab as the tab width, and tab width as the indent size when only it is given', () => {
    expect(formatSettings({ indent_style: 'tab', indent_size: 'tab', tab_width: 3 }, '')).toMatchObject({
      indentSize: 3,
      tabSize: 3,
      insertSpaces: false,
    });
    expect(formatSettings({ indent_style: 'space', tab_width: 2 }, '')).toMatchObject({ indentSize: 2, tabSize: 2 });
  });

  it("take what .editorconfig leaves out from the file's own indentation", () => {
    expect(formatSettings({}, TWO_SPACES)).toEqual({ indentSize: 2, tabSize: 2, insertSpaces: true });
    expect(formatSettings({}, TABS)).toMatchObject({ insertSpaces: false });
    expect(formatSettings({ indent_style: 'space' }, TWO_SPACES)).toMatchObject({ indentSize: 2, insertSpaces: true });
  });

  it("fall back to TypeScript's defaults for a file without indented lines, and ignore values that make no sense", () => {
    expect(formatSettings({}, 'const a = 1;\n')).toEqual({ indentSize: 4, tabSize: 4, insertSpaces: true });
    expect(formatSettings({ indent_style: 'space', indent_size: 'unset', end_of_line: 'cr' }, 'x\n')).toEqual({
      indentSize: 4,
      tabSize: 4,
      insertSpaces: true,
    });
  });

  it('detect the most frequent indentation step, the smaller on a tie', () => {
    expect(detectIndentation('a\n    b\n        c\n    d\n')).toEqual({ insertSpaces: true, indentSize: 4 });
    expect(detectIndentation('a\n  b\n      c\n')).toEqual({ insertSpaces: true, indentSize: 2 });
    expect(detectIndentation('no indentation\n')).toBeUndefined();
  });
});
