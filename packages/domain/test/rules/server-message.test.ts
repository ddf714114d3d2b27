import { describe, expect, it } from 'vitest';
import { conciseServerMessage } from '../../src/rules/server-message.js';

describe('conciseServerMessage', () => {
  it('keeps the first line of a tsserver failure and drops its stack and install paths', () => {
    const raw = [
      '<semantic> TypeScript Server Error (5.9.3)\nDebug Failure. False expression: Expected node to have a parent.',
      'Error: Debug Failure. False expression: Expected node to have a parent.',
      '    at getSourceFileOfNode (/home/me/project/node_modules/.pnpm/typescript@5.9.3/node_modules/typescript/lib/typescript.js:12345:18)',
      '    at Object.findReferences (/home/me/project/node_modules/typescript/lib/typescript.js:150000:7)',
    ].join('\n');
    const concise = conciseServerMessage(raw);
    expect(concise).toBe('<semantic> TypeScript Server Error (5.9.3)');
    expect(concise).not.toMatch(/\/home\/me|node_modules|\bat\s/);
  });

  it('replaces absolute paths inside the message by their file names', () => {
    expect(conciseServerMessage('Cannot read file /home/me/.cache/pkg/lib/tsserver.js: EACCES')).toBe(
      'Cannot read file tsserver.js: EACCES',
    );
  });

  it('cuts a very long message short', () => {
    const concise = conciseServerMessage('x'.repeat(10_000));
    expect(concise.length).toBeLessThanOrEqual(300);
    expect(concise.endsWith('…')).toBe(true);
  });

  it("says gopls's message once, on one line, where gopls repeats it for each build of the package", () => {
    const once = 'renaming this func "Scale" to "Double"\tconflicts with func in same block';
    expect(conciseServerMessage(`${once}${once}`)).toBe('renaming this func "Scale" to "Double" conflicts with func in same block');
  });

  it('keeps a short plain message as it is', () => {
    expect(conciseServerMessage('You cannot rename this element.')).toBe('You cannot rename this element.');
  });

  it('keeps a Go import path whole: it names a type, it is no install path', () => {
    const gopls =
      'renaming this method "Type" to "StepType" would make github.com/google/go-cmp/cmp.pathStep no longer assignable to interface PathStep';
    expect(conciseServerMessage(gopls)).toBe(gopls);
    expect(conciseServerMessage("cannot open '/home/me/go/pkg/mod/x/y.go': denied")).toBe("cannot open 'y.go': denied");
  });
});
