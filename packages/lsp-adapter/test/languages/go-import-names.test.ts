import { describe, expect, it } from 'vitest';
import { goImportNames } from '../../src/dependents/import-graph.js';

describe('goImportNames', () => {
  it('names what each import binds: its alias, else the last path element without a major version; blank and dot imports none', () => {
    const text = [
      'package p',
      '',
      'import "flag"',
      'import str "strings"',
      'import (',
      '\t"fmt"',
      '\tpe "github.com/pkg/errors"',
      '\t"gopkg.in/yaml.v3"',
      '\t"example.com/mod/v2"',
      '\t_ "embed"',
      '\t. "math"',
      ')',
      '',
      'var flagged = "import \\"os\\""',
    ].join('\n');
    expect(Object.fromEntries(goImportNames(text))).toEqual({
      flag: 'flag',
      str: 'strings',
      fmt: 'fmt',
      pe: 'github.com/pkg/errors',
      yaml: 'gopkg.in/yaml.v3',
      mod: 'example.com/mod/v2',
    });
  });

  it('binds nothing in a file without imports', () => {
    expect([...goImportNames('package p\n\nfunc f() {}\n')]).toEqual([]);
  });
});
