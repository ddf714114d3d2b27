import { describe, expect, it } from 'vitest';
import { isTestPath } from '../../src/rules/test-code.js';

describe('isTestPath', () => {
  it.each([
    'test/a.ts',
    'packages/app/__tests__/a.tsx',
    'src/config.test.ts',
    'src/config.spec.mjs',
    'pkg/shapes_test.go',
    'tests/test_shapes.py',
    'shapes/shapes_test.py',
    'conftest.py',
    'e2e/scenarios/x.ts',
    'src/geom_test.c',
  ])('takes %s for test code', (path) => {
    expect(isTestPath(path)).toBe(true);
  });

  it.each(['src/testing.ts', 'src/contest.py', 'latest/a.go', 'src/tester.c', 'pkg/shapes.go', 'src/test-utils.ts'])(
    'takes %s for product code',
    (path) => {
      expect(isTestPath(path)).toBe(false);
    },
  );
});
