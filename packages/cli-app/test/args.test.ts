import { describe, expect, it } from 'vitest';
import { findRoot, rootSearchStart } from '../src/args/find-root.js';
import { parseLocation } from '../src/args/location.js';
import { UsageError } from '../src/args/usage-error.js';

describe('parseLocation', () => {
  it.each([
    ['src/a.ts:3:14', { file: 'src/a.ts', line: 3, column: 14 }],
    ['src/a.ts:3:14:', { file: 'src/a.ts', line: 3, column: 14 }],
    ['src/a.ts(3,14)', { file: 'src/a.ts', line: 3, column: 14 }],
    ['C:/w/a.ts:3:14', { file: 'C:/w/a.ts', line: 3, column: 14 }],
    ['odd:name.ts:10:2', { file: 'odd:name.ts', line: 10, column: 2 }],
  ])('reads %s', (text, expected) => {
    expect(parseLocation(text, 'refs')).toEqual(expected);
  });

  it.each(['src/a.ts', 'src/a.ts:3', ':3:4', 'src/a.ts:x:1', 'src/a.ts:0:1', 'src/a.ts:1:0'])(
    'refuses %s as a usage error of the command',
    (text) => {
      let thrown: unknown;
      try {
        parseLocation(text, 'refs');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UsageError);
      expect((thrown as UsageError).command).toBe('refs');
    },
  );
});

describe('findRoot', () => {
  const tree = (paths: string[]) => (path: string) => paths.includes(path);

  it('stops at the nearest directory with a tsconfig.json, jsconfig.json, package.json or .git', () => {
    expect(findRoot('/w/app/src/deep', tree(['/w/app/tsconfig.json', '/w/.git']))).toBe('/w/app');
    expect(findRoot('/w/app/src', tree(['/w/app/src/jsconfig.json', '/w/app/package.json']))).toBe('/w/app/src');
    expect(findRoot('/w/app/src', tree(['/w/.git']))).toBe('/w');
  });

  it('falls back to the starting directory when there is none up to /', () => {
    expect(findRoot('/w/app/src', tree([]))).toBe('/w/app/src');
  });

  it("stops at each language's own project file: go.mod, pyproject.toml, setup.cfg, a compilation database, Cargo.toml", () => {
    expect(findRoot('/w/svc/pkg/geom', tree(['/w/svc/go.mod', '/w/.git']))).toBe('/w/svc');
    expect(findRoot('/w/lib/src/pkg', tree(['/w/lib/pyproject.toml', '/w/.git']))).toBe('/w/lib');
    expect(findRoot('/w/lib/pkg', tree(['/w/lib/setup.cfg', '/w/package.json']))).toBe('/w/lib');
    expect(findRoot('/w/c/src', tree(['/w/c/compile_commands.json', '/w/.git']))).toBe('/w/c');
    expect(findRoot('/w/rs/src', tree(['/w/rs/Cargo.toml', '/w/.git']))).toBe('/w/rs');
  });
});

describe('rootSearchStart', () => {
  const files = (paths: string[]) => (path: string) => paths.includes(path);

  it('starts from the directory of a file outside the current directory, with or without a position; else from the current directory', () => {
    expect(rootSearchStart(['../svc/pkg/geom.go:3:5'], '/w/app', files(['/w/svc/pkg/geom.go']))).toBe('/w/svc/pkg');
    expect(rootSearchStart(['/w/lib/pkg/mod.py'], '/w/app', files(['/w/lib/pkg/mod.py']))).toBe('/w/lib/pkg');
    // Below the current directory: its root, as before (a monorepo's package answered with the others).
    expect(rootSearchStart(['packages/a/src/a.ts(2,3)'], '/w/app', files(['/w/app/packages/a/src/a.ts']))).toBe('/w/app');
    expect(rootSearchStart(['parseConfig'], '/w/app', files([]))).toBe('/w/app');
    expect(rootSearchStart([], '/w/app', files([]))).toBe('/w/app');
  });
});
