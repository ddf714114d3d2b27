import { describe, expect, it } from 'vitest';
import { findRoot } from '../src/args/find-root.js';
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
});
