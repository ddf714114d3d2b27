import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EditorConfigSettings } from '../src/index.js';

const signal = new AbortController().signal;

describe('EditorConfigSettings', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'editorconfig-')));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string): string => {
    const path = join(root, file);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    return path;
  };

  it("reads a file's properties, cascading from the nearest .editorconfig up to root = true, sections by glob", async () => {
    write('.editorconfig', 'root = true\n\n[*]\nindent_style = space\nindent_size = 4\n\n[*.ts]\nindent_size = 2\nend_of_line = lf\n');
    write('pkg/.editorconfig', '[*.ts]\ntrim_trailing_whitespace = true\ninsert_final_newline = unset\n');
    const file = write('pkg/src/a.ts', 'export {};\n');
    expect(await new EditorConfigSettings().propertiesOf(file, signal)).toEqual({
      indent_style: 'space',
      indent_size: 2,
      tab_width: 2,
      end_of_line: 'lf',
      trim_trailing_whitespace: true,
    });
    expect(await new EditorConfigSettings().propertiesOf(write('pkg/b.go', ''), signal)).toMatchObject({ indent_size: 4 });
  });

  it('sees an edit to .editorconfig at the next call', async () => {
    const file = write('fresh/x.ts', '');
    write('fresh/.editorconfig', 'root = true\n[*]\nindent_style = tab\n');
    const settings = new EditorConfigSettings();
    expect(await settings.propertiesOf(file, signal)).toEqual({ indent_style: 'tab', indent_size: 'tab' });
    write('fresh/.editorconfig', 'root = true\n[*]\nindent_style = space\n');
    expect(await settings.propertiesOf(file, signal)).toEqual({ indent_style: 'space' });
  });
});
