import { describe, expect, it } from 'vitest';
import { onePerFile } from '../../src/rules/linked-files.js';

const links: Record<string, string> = { '/w/b.py': '/w/a.py', '/w/c.py': '/w/a.py' };
const real = (path: string): string => links[path] ?? path;
const change = (path: string, newText = 'new') => ({ path, expectedText: 'old', newText });

describe('onePerFile', () => {
  it('keeps every change when each names its own file', () => {
    const changes = [change('/w/a.py'), change('/w/main.py')];
    expect(onePerFile(changes, real)).toEqual({ ok: true, changes });
  });

  it("keeps one change for a link and its target changed alike, under the target's name", () => {
    const result = onePerFile([change('/w/b.py'), change('/w/main.py'), change('/w/a.py')], real);
    expect(result).toEqual({ ok: true, changes: [change('/w/main.py'), change('/w/a.py')] });
  });

  it('keeps the first name when only links name the file', () => {
    const result = onePerFile([change('/w/c.py'), change('/w/b.py')], real);
    expect(result).toEqual({ ok: true, changes: [change('/w/c.py')] });
  });

  it('refuses two names of one file changed differently, naming both', () => {
    const result = onePerFile([change('/w/a.py'), change('/w/b.py', 'other')], real);
    expect(result).toEqual({ ok: false, first: '/w/a.py', second: '/w/b.py' });
  });
});
