import { describe, expect, it } from 'vitest';
import { goFilesOutsideBuild, goModRequirements, moduleCachePath } from '../../src/index.js';
import { goWorkUses } from '../../src/rules/go-modules.js';

const LISTED = ['/w/go.mod', '/w/cache.go', '/w/store/store.go', '/w/legacy/go.mod', '/w/legacy/legacy.go', '/w/legacy/sub/deep.go'];

describe('goFilesOutsideBuild', () => {
  it('leaves out the files of a module nested below the root module, and no other', () => {
    const outside = goFilesOutsideBuild('/w', LISTED, () => undefined);
    expect(LISTED.filter((file) => file.endsWith('.go') && outside(file))).toEqual(['/w/legacy/legacy.go', '/w/legacy/sub/deep.go']);
  });

  it("keeps a nested module that the root's go.work uses, single or in a block", () => {
    for (const work of [
      'go 1.19\n\nuse ./legacy\nuse .\n',
      'go 1.19\n\nuse (\n\t. // the root\n\t"./legacy"\n)\n',
      'use ( . ./legacy )\n',
    ]) {
      const outside = goFilesOutsideBuild('/w', [...LISTED, '/w/go.work'], () => work);
      expect(LISTED.filter(outside)).toEqual([]);
    }
    const rootOnly = goFilesOutsideBuild('/w', [...LISTED, '/w/go.work'], () => 'use .\n');
    expect(LISTED.filter(rootOnly)).toEqual(['/w/legacy/go.mod', '/w/legacy/legacy.go', '/w/legacy/sub/deep.go']);
  });

  it('leaves out nothing without a go.mod or go.work at the root', () => {
    const outside = goFilesOutsideBuild('/w', ['/w/a/go.mod', '/w/a/a.go', '/w/b/b.go'], () => undefined);
    expect(['/w/a/a.go', '/w/b/b.go'].filter(outside)).toEqual([]);
  });

  it('leaves out nothing of a Go file outside the root', () => {
    const outside = goFilesOutsideBuild('/w', LISTED, () => undefined);
    expect(['/elsewhere/x.go', '/w-other/legacy/x.go'].filter(outside)).toEqual([]);
  });
});

describe('goWorkUses', () => {
  it("names each directory of a go.work's use directives, single or in a block, without quotes or comments", () => {
    expect(goWorkUses('go 1.19\n\nuse ./legacy\nuse .\n')).toEqual(['./legacy', '.']);
    expect(goWorkUses('go 1.19\n\nuse (\n\t. // the root\n\t"./legacy"\n\t`./b`\n)\n')).toEqual(['.', './legacy', './b']);
    expect(goWorkUses('use ( . ./legacy )\n')).toEqual(['.', './legacy']);
    expect(goWorkUses('use (./a\n./b\n)\n')).toEqual(['./a', './b']);
  });

  it('names nothing without a use directive', () => {
    expect(goWorkUses('go 1.19\n// use ./commented\nreplace x => ./y\n')).toEqual([]);
  });
});

describe('goModRequirements', () => {
  it('reads one-line and block requirements, comments aside, less the modules replaced by a local directory', () => {
    const goMod = [
      'module example.com/app',
      '',
      'go 1.19',
      '',
      'require example.com/one v1.0.0 // indirect',
      'require (',
      '\texample.com/two v0.2.0',
      '\texample.com/local v0.0.0',
      ')',
      'replace example.com/local => ../local',
      'replace example.com/one => example.com/fork v1.0.1',
    ].join('\n');
    expect(goModRequirements(goMod)).toEqual([
      { path: 'example.com/one', version: 'v1.0.0' },
      { path: 'example.com/two', version: 'v0.2.0' },
    ]);
  });
});

describe('moduleCachePath', () => {
  it("escapes upper-case letters as the go command does: '!' and the lower-case letter", () => {
    expect(moduleCachePath({ path: 'github.com/BurntSushi/toml', version: 'v1.2.0' })).toBe('github.com/!burnt!sushi/toml@v1.2.0');
    expect(moduleCachePath({ path: 'example.com/two', version: 'v0.2.0-RC1' })).toBe('example.com/two@v0.2.0-!r!c1');
  });
});
