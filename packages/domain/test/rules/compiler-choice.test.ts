import { describe, expect, it } from 'vitest';
import { chooseCompiler, type CompilerChoice, type CompilerPolicy } from '../../src/index.js';

/** A bundled fallback with `fields`, whose note says `reason`. */
function expectBundled(choice: CompilerChoice, fields: Partial<CompilerChoice>, reason: string): void {
  expect(choice).toMatchObject(fields);
  expect(choice.note).toContain(reason);
}

describe('which compiler answers', () => {
  const policy: CompilerPolicy = {
    typescript: 'workspace',
    runtimes: ['js', 'native'],
    bundled: { js: { version: '5.9.3', packageDir: '/bundled/typescript' }, native: { version: '7.0.2', packageDir: '/bundled/ts7' } },
    fallback: 'js',
    backendLabel: 'LSP_BRIDGE_BACKEND=auto',
  };
  const found = (version: string) => ({
    found: { packageDir: `/ws/node_modules/typescript-${version}`, version },
    declared: undefined,
    plugAndPlay: false,
  });

  it("runs a project's own 5.x and 6.x in process and its own 7.x natively", () => {
    expect(chooseCompiler(found('5.0.4'), policy)).toEqual({
      runtime: 'js',
      source: 'workspace',
      version: '5.0.4',
      packageDir: '/ws/node_modules/typescript-5.0.4',
    });
    expect(chooseCompiler(found('6.0.3'), policy)).toMatchObject({ runtime: 'js', source: 'workspace', version: '6.0.3' });
    expect(chooseCompiler(found('7.0.2'), policy)).toMatchObject({ runtime: 'native', source: 'workspace', version: '7.0.2' });
  });

  it('answers with the bundled fallback, saying why, for an older version, a forced bundled compiler and a backend that cannot run it', () => {
    expectBundled(chooseCompiler(found('4.9.5'), policy), { source: 'bundled', version: '5.9.3' }, 'older than 5.0.0');
    expectBundled(
      chooseCompiler(found('6.0.3'), { ...policy, typescript: 'bundled' }),
      {
        source: 'bundled',
      },
      'LSP_BRIDGE_TYPESCRIPT=bundled',
    );
    expectBundled(
      chooseCompiler(found('7.0.2'), { ...policy, runtimes: ['js'], backendLabel: 'LSP_BRIDGE_BACKEND=tsservice' }),
      {
        source: 'bundled',
        runtime: 'js',
      },
      'LSP_BRIDGE_BACKEND=tsservice cannot run',
    );
  });

  it("needs no note when a backend that cannot run the project's own compiler ships that very version", () => {
    const pinned = { ...policy, runtimes: [], backendLabel: 'LSP_BRIDGE_BACKEND=lsp' };
    expect(chooseCompiler(found('5.9.3'), pinned)).toEqual({
      runtime: 'js',
      source: 'bundled',
      version: '5.9.3',
      packageDir: '/bundled/typescript',
    });
    expectBundled(
      chooseCompiler(found('6.0.3'), pinned),
      {
        source: 'bundled',
      },
      'LSP_BRIDGE_BACKEND=lsp cannot run',
    );
  });

  it('says so when package.json asks for a typescript that is not installed, and stays silent when nothing asks', () => {
    const declared = { found: undefined, declared: { manifest: '/ws/package.json', range: '7.0.2' }, plugAndPlay: false };
    expectBundled(
      chooseCompiler(declared, policy),
      {
        source: 'bundled',
      },
      'asks for typescript 7.0.2, but it is not installed',
    );
    expect(chooseCompiler({ found: undefined, declared: undefined, plugAndPlay: false }, policy)).toEqual({
      runtime: 'js',
      source: 'bundled',
      version: '5.9.3',
      packageDir: '/bundled/typescript',
    });
  });
});
