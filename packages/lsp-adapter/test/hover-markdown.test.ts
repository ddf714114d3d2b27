import { describe, expect, it } from 'vitest';
import { splitHover } from '../src/navigation/hover.js';

describe('splitting a hover', () => {
  it('takes the first typescript fence for the signature and the rest, tags included, for the documentation', () => {
    const value = '\n```typescript\nfunction f(a: number): void\n```\nDoes f.\n\n*@param* `a` — the input\n\n```ts\nf(1);\n```';
    expect(splitHover({ kind: 'markdown', value })).toEqual({
      signature: 'function f(a: number): void',
      documentation: 'Does f.\n\n*@param* `a` — the input\n\n```ts\nf(1);\n```',
    });
  });

  it("names the signature's language when it is not TypeScript, so it is fenced in its own (go, python, cpp)", () => {
    expect(splitHover({ kind: 'markdown', value: '```go\nfunc Scale(x float64) float64\n```\nScales.' })).toEqual({
      signature: 'func Scale(x float64) float64',
      documentation: 'Scales.',
      language: 'go',
    });
    expect(splitHover({ language: 'python', value: 'def f() -> None' })).toEqual({
      signature: 'def f() -> None',
      documentation: '',
      language: 'python',
    });
  });

  it('keeps markdown without a code fence as documentation only', () => {
    expect(splitHover({ kind: 'markdown', value: '  Just words.  ' })).toEqual({ signature: '', documentation: 'Just words.' });
  });

  it('takes the first line of plain text for the signature', () => {
    expect(splitHover({ kind: 'plaintext', value: 'const x: 1\nThe one.\nReally.' })).toEqual({
      signature: 'const x: 1',
      documentation: 'The one.\nReally.',
    });
  });

  it('reads the deprecated MarkedString forms', () => {
    expect(splitHover({ language: 'typescript', value: 'let y: string' })).toEqual({ signature: 'let y: string', documentation: '' });
    expect(splitHover(['Some text.', { language: 'typescript', value: 'let y: string' }])).toEqual({
      signature: 'let y: string',
      documentation: 'Some text.',
    });
    expect(splitHover('```ts\nlet z: number\n```\nZed.')).toEqual({ signature: 'let z: number', documentation: 'Zed.' });
  });
});
