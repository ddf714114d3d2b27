import { describe, expect, it } from 'vitest';
import type { ConsumerPackageFacts, PackageReachFacts } from '../../src/ports/symbol-index.js';
import { unreachedPackages } from '../../src/rules/package-reach.js';

const consumer = (name: string, facts: Partial<ConsumerPackageFacts>): ConsumerPackageFacts => ({
  packageDir: `/w/packages/${name}`,
  packageName: `@s/${name}`,
  spellsName: false,
  importsName: false,
  importsSource: false,
  reached: false,
  ...facts,
});

const reach = (facts: Partial<PackageReachFacts>): PackageReachFacts => ({
  packageDir: '/w/packages/lib',
  packageName: '@s/lib',
  built: true,
  foundInOutput: false,
  consumers: [],
  ...facts,
});

describe('unreachedPackages', () => {
  it('names, of a built package, the consumers that spell the name and that nothing reached', () => {
    const facts = reach({
      consumers: [
        consumer('web', { spellsName: true }),
        consumer('app', { spellsName: true, importsName: true, reached: true }),
        consumer('cli', {}),
      ],
    });
    expect(unreachedPackages(facts)).toEqual([
      {
        packageDir: '/w/packages/web',
        packageName: '@s/web',
        reason:
          'it imports @s/lib through its build output, where the declaration could not be found ' +
          '(no declaration map and no rootDir/outDir that leads to it, or output older than the source)',
      },
    ]);
  });

  it('names, of an unbuilt package, only the consumers that import the name from it by its package name', () => {
    const facts = reach({
      built: false,
      packageName: undefined,
      consumers: [consumer('web', { spellsName: true }), consumer('app', { spellsName: true, importsName: true })],
    });
    expect(unreachedPackages(facts)).toEqual([
      {
        packageDir: '/w/packages/app',
        packageName: '@s/app',
        reason:
          'it imports the declaring package by name, and that package has no build output yet ' +
          '(its compiler cannot resolve the import before the first build)',
      },
    ]);
  });

  it('names no consumer whose compiler resolves its imports of the package to the source: the query searched it', () => {
    const unbuilt = reach({ built: false, consumers: [consumer('app', { spellsName: true, importsName: true, importsSource: true })] });
    expect(unreachedPackages(unbuilt)).toEqual([]);
    const built = reach({ consumers: [consumer('web', { spellsName: true, importsName: true, importsSource: true })] });
    expect(unreachedPackages(built)).toEqual([]);
  });

  it('names none when the declaration was found in the build output, or the symbol is in no package', () => {
    expect(unreachedPackages(reach({ foundInOutput: true, consumers: [consumer('web', { spellsName: true })] }))).toEqual([]);
    expect(unreachedPackages(undefined)).toEqual([]);
  });
});
