import { describe, expect, it } from 'vitest';
import { requirements } from '../src/index.js';

describe('requirements of a go.mod', () => {
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
    expect(requirements(goMod)).toEqual([
      { path: 'example.com/one', version: 'v1.0.0' },
      { path: 'example.com/two', version: 'v0.2.0' },
    ]);
  });
});
